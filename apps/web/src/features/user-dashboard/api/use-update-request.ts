import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { userRequestKeys } from './user-request-keys.ts'

export function useUpdateRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: FormData }) =>
      apiRequest(`/vehicle/update-request/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: changes,
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userRequestKeys.list() }),
  })
}
