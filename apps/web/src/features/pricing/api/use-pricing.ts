import { PricingAnswerSchema } from '@keydesk/contracts/pricing'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** Every query key of pricing, from one place. */
export const pricingKeys = {
  prices: () => ['pricing'] as const,
}

export function usePricing() {
  return useQuery({
    queryKey: pricingKeys.prices(),
    queryFn: ({ signal }) => apiRequest('/pricing', { schema: PricingAnswerSchema, signal }),
    staleTime: 5 * 60 * 1000,
  })
}
