import { SUBSCRIPTION_CART_MESSAGES } from '@keydesk/contracts/cart'
import { formatDollars } from '@keydesk/contracts/money'
import {
  CART_DISCOUNT_PERCENT,
  MONTHLY_PRICE_CENTS,
  type PaidTier,
  type SubscriptionTier,
  TIER_LABELS,
} from '@keydesk/contracts/subscription'
import { Button } from '../../../components/ui/button.tsx'
import { useAddSubscription } from '../../membership/api/use-add-subscription.ts'

const TIERS: PaidTier[] = ['BASIC', 'PROFESSIONAL', 'ENTERPRISE']

/** docs/product.md §4/4: plan cards in the cart; adding one is possible only while the current tier is NONE. */
export function CartPlanCards({
  currentTier,
  onMessage,
}: {
  currentTier: SubscriptionTier
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
            <p className="font-semibold">{tier}</p>
            <p className="text-sm text-slate-600">
              {formatDollars(MONTHLY_PRICE_CENTS[tier])}/month · {CART_DISCOUNT_PERCENT[tier]}% off keycodes
            </p>
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
          </li>
        ))}
      </ul>
    </section>
  )
}
