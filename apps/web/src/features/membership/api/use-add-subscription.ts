import type { BillingPeriod, PaidTier } from '@keydesk/contracts/subscription'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { cartKeys } from '../../../lib/cart-keys.ts'

export interface AddSubscriptionInput {
  tier: PaidTier
  /** Enterprise is billed monthly only (docs/product.md, 'Plans, trial, the premium rule and turnaround promises'). */
  billing?: BillingPeriod
}

/** docs/product.md, 'The API contract' POST /cart/addSubscription: a plan (or an upgrade to a higher tier) into the cart. */
export function useAddSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ tier, billing = 'MONTHLY' }: AddSubscriptionInput) =>
      apiRequest('/cart/addSubscription', { method: 'POST', body: { tier, billing }, schema: z.object({ message: z.string() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
