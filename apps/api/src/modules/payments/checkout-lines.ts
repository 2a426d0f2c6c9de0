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
 * The order as charged: docs/product.md §11's cart total. A plan line is charged its list price, never discounted (its
 * amount also becomes the provider's recurring price); the keycode lines' discounted total is split over them so
 * that they add up to exactly that total, the last keycode line absorbing the rounding.
 */
export function checkoutLines(items: PricedCartItem[], tier: SubscriptionTier): { totalCents: number; lines: TransactionItem[] } {
  const { keycodeSubtotalCents, keycodeTotalCents, totalCents } = cartTotalCents(
    items.map((item) => ({ kind: item.kind, cents: item.amountCents })),
    tier,
  )
  const lastKeycode = items.findLastIndex((item) => item.kind !== 'SUBSCRIPTION')
  let allotted = 0
  const lines = items.map((item, index): TransactionItem => {
    const isPlan = item.kind === 'SUBSCRIPTION'
    const keycodeCents =
      index === lastKeycode
        ? keycodeTotalCents - allotted
        : keycodeSubtotalCents === 0
          ? 0
          : Math.round((item.amountCents * keycodeTotalCents) / keycodeSubtotalCents)
    const amountCents = isPlan ? item.amountCents : keycodeCents
    if (!isPlan) allotted += amountCents
    return {
      kind: item.kind,
      ...describe(item),
      amountCents,
      ...(item.vehicleRequestId ? { vehicleRequestId: item.vehicleRequestId } : {}),
      ...(isPlan && item.subscriptionTier && item.subscriptionTier !== 'NONE'
        ? { tier: item.subscriptionTier, billing: item.billing }
        : {}),
    }
  })
  return { totalCents, lines }
}
