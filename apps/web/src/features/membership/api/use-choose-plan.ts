import { SUBSCRIPTION_CART_MESSAGES } from '@keydesk/contracts/cart'
import type { BillingPeriod, PaidTier } from '@keydesk/contracts/subscription'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import type { NoticeState } from '../../session/notice-state.ts'
import { useAddSubscription } from './use-add-subscription.ts'

/**
 * Choosing or upgrading a plan puts it in the cart (POST /cart/addSubscription) and opens the cart, where it
 * is paid; the cart shows the '{tier} Subscription added...' message.
 */
export function useChoosePlan() {
  const add = useAddSubscription()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const [pendingTier, setPendingTier] = useState<PaidTier | null>(null)

  const choose = (tier: PaidTier, billing: BillingPeriod) => {
    setError(null)
    setPendingTier(tier)
    add.mutate(
      // Enterprise is billed monthly only (docs/product.md, 'Cart').
      { tier, billing: tier === 'ENTERPRISE' ? 'MONTHLY' : billing },
      {
        onSuccess: (answer) => navigate(paths.cart, { state: { notice: answer.message, tone: 'success' } satisfies NoticeState }),
        onError: (failure) =>
          setError(failure instanceof ApiError && failure.status === 409 ? failure.message : SUBSCRIPTION_CART_MESSAGES.addFailed),
        onSettled: () => setPendingTier(null),
      },
    )
  }
  return { choose, error, pendingTier, isPending: add.isPending }
}
