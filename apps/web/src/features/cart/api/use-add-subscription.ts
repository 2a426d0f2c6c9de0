import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

export function useAddSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (tier: 'BASIC' | 'PROFESSIONAL' | 'ENTERPRISE') =>
      apiRequest('/cart/addSubscription', { method: 'POST', body: { tier }, schema: z.object({ message: z.string() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  })
}
