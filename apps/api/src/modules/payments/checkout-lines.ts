import { cartTotalCents } from '@keydesk/contracts/cart-total'
import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import type { TransactionItem } from '../../db/schema/payments.ts'
import type { PricedCartItem } from '../cart/priced-items.ts'

function describe(item: PricedCartItem): Pick<TransactionItem, 'name' | 'description'> {
  if (item.kind === 'SUBSCRIPTION') {
    const period = item.billing === 'ANNUAL' ? 'Annual' : 'Monthly'
    return { name: `${item.subscriptionTier} Subscription`, description: `${period} membership plan` }
  }
  return { name: `${item.make} ${item.model} ${item.year} keycode`, description: `Keycode lookup for VIN ending ${item.vinLast4}` }
}

/**
 * The order as charged: docs/product.md §11's cart total (unit prices, the tier's discount, rounded to cents) split over the
 * lines so that they add up to exactly that total; the last line absorbs the rounding.
 */
export function checkoutLines(items: PricedCartItem[], tier: SubscriptionTier): { totalCents: number; lines: TransactionItem[] } {
  const { subtotalCents, totalCents } = cartTotalCents(
    items.map((item) => item.amountCents),
    tier,
  )
  let allotted = 0
  const lines = items.map((item, index): TransactionItem => {
    const isLast = index === items.length - 1
    const amountCents = isLast
      ? totalCents - allotted
      : subtotalCents === 0
        ? 0
        : Math.round((item.amountCents * totalCents) / subtotalCents)
    allotted += amountCents
    return {
      kind: item.kind,
      ...describe(item),
      amountCents,
      ...(item.vehicleRequestId ? { vehicleRequestId: item.vehicleRequestId } : {}),
      ...(item.kind === 'SUBSCRIPTION' && item.subscriptionTier && item.subscriptionTier !== 'NONE'
        ? { tier: item.subscriptionTier, billing: item.billing }
        : {}),
    }
  })
  return { totalCents, lines }
}
