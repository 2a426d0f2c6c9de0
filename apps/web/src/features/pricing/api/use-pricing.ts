import { PricingAnswerSchema } from '@keydesk/contracts/pricing'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

export function usePricing() {
  return useQuery({
    queryKey: ['pricing'],
    queryFn: ({ signal }) => apiRequest('/pricing', { schema: PricingAnswerSchema, signal }),
    staleTime: 5 * 60 * 1000,
  })
}
