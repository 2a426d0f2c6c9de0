import type { CartItem } from '@keydesk/contracts/cart'
import type { cartTotal } from '@keydesk/contracts/cart-total'
import { CURRENCY_NOTE, formatDollars } from '@keydesk/contracts/money'
import { TIER_LABELS } from '@keydesk/contracts/subscription'
import type { SubscriptionTier } from '@keydesk/contracts/subscription-constants'
import { Button } from '../../../components/ui/button.tsx'

const dollars = (amount: number) => formatDollars(Math.round(amount * 100))

export interface OrderSummaryProps {
  items: CartItem[]
  summary: ReturnType<typeof cartTotal>
  /** The tier the cart is priced at, and the plan the member pays for (NONE during a free trial). */
  tier: SubscriptionTier
  paidTier: SubscriptionTier
  onCheckout: () => void
}

/** The cart's subtotal, member discount and total, and the way to checkout. */
export function OrderSummary({ items, summary, tier, paidTier, onCheckout }: OrderSummaryProps) {
  const keycodeRates = new Set(
    items.filter((item) => item.kind === 'KEYCODE').map((item) => item.discountPercent ?? summary.discountPercent),
  )
  const discountLabel =
    keycodeRates.size === 1 && summary.discountPercent > 0 ? `Member discount (${summary.discountPercent}%)` : 'Member discount'
  return (
    <section aria-labelledby="summary-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Subscription: {tier === 'NONE' ? 'none' : paidTier === 'NONE' ? `${TIER_LABELS[tier]} (free trial)` : TIER_LABELS[tier]}
      </p>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{dollars(summary.subtotal)}</dd>
        </div>
        {summary.discount > 0 && (
          <div className="flex justify-between">
            <dt>{discountLabel}</dt>
            <dd>−{dollars(summary.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd>{dollars(summary.total)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-600">{CURRENCY_NOTE}</p>
      <Button className="mt-6 w-full" onClick={onCheckout}>
        Checkout
      </Button>
    </section>
  )
}
