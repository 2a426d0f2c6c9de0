import type { BillingPeriod, PaidTier } from '@keydesk/contracts/subscription'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

export interface AddSubscriptionInput {
  tier: PaidTier
  /** Enterprise is billed monthly only (spec 9). */
  billing?: BillingPeriod
}

/** Spec 7.2 POST /cart/addSubscription: a plan (or an upgrade to a higher tier) into the cart. */
export function useAddSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tier, billing = 'MONTHLY' }: AddSubscriptionInput) =>
      apiRequest('/cart/addSubscription', { method: 'POST', body: { tier, billing }, schema: z.object({ message: z.string() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  })
}
