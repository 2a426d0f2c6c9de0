import { SUBSCRIPTION_CART_MESSAGES } from '@keydesk/contracts/cart'
import { planDiscountSummary } from '@keydesk/contracts/keycode-prices'
import { formatDollars } from '@keydesk/contracts/money'
import { MONTHLY_PRICE_CENTS, type PaidTier, type SubscriptionTier, TIER_LABELS } from '@keydesk/contracts/subscription'
import { Button } from '../../../components/ui/button.tsx'
import { useAddSubscription } from '../../membership/api/use-add-subscription.ts'

const TIERS: PaidTier[] = ['BASIC', 'PROFESSIONAL', 'ENTERPRISE']

/**
 * Plan cards in the cart (docs/product.md, "Cart"): adding one is possible only while the current tier is NONE, and a
 * plan already in the cart says so instead of offering itself again.
 */
export function CartPlanCards({
  currentTier,
  planInCart,
  onMessage,
}: {
  currentTier: SubscriptionTier
  planInCart: SubscriptionTier | null
  onMessage: (tone: 'success' | 'error', text: string) => void
}) {
  const add = useAddSubscription()
  return (
    <section aria-labelledby="cart-plans" className="mt-10">
      <h2 id="cart-plans" className="text-lg font-semibold">
        Save with a membership
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {TIERS.map((tier) => (
          <li key={tier} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="font-semibold">{TIER_LABELS[tier]}</p>
            <p className="text-sm text-slate-600">
              {formatDollars(MONTHLY_PRICE_CENTS[tier])}/month · {planDiscountSummary(tier)}
            </p>
            {planInCart === tier ? (
              <p className="mt-3 text-sm font-semibold text-brand-700">In your cart</p>
            ) : (
              <Button
                variant="secondary"
                className="mt-3"
                disabled={currentTier !== 'NONE' || add.isPending}
                onClick={() =>
                  add.mutate(
                    { tier },
                    {
                      onSuccess: (answer) => onMessage('success', answer.message),
                      onError: () => onMessage('error', SUBSCRIPTION_CART_MESSAGES.addFailed),
                    },
                  )
                }
              >
                Add {TIER_LABELS[tier]}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
