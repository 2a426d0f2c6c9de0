import { MINUTE_MS } from '@keydesk/contracts/time'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** Every query key of pricing, from one place. */
export const pricingKeys = {
  prices: () => ['pricing'] as const,
}

export function usePricing() {
  return useQuery({
    queryKey: pricingKeys.prices(),
    // The page's heading draws while the schema library loads with the prices (the largest paint comes sooner).
    queryFn: ({ signal }) =>
      apiRequest('/pricing', {
        schema: () => import('@keydesk/contracts/pricing').then((contract) => contract.PricingAnswerSchema),
        signal,
      }),
    staleTime: 5 * MINUTE_MS,
  })
}
