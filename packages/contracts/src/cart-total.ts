import { toCents, toDollars } from './money.ts'
import { CART_DISCOUNT_PERCENT, type SubscriptionTier } from './subscription.ts'

export interface PricedItem {
  finalPrice?: number | null
  standardPrice?: number | null
  price?: number | null
}

/** docs/product.md §11: the unit price is finalPrice, else standardPrice, else price. */
export const unitPrice = (item: PricedItem): number => item.finalPrice ?? item.standardPrice ?? item.price ?? 0

/**
 * The one rounding rule for money: numerator / denominator (non-negative integers) rounded half up to a whole cent,
 * computed in integers, so no floating-point error can move a total by a cent.
 */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/**
 * docs/product.md §11 in cents: the tier's discount on the cart; the total is the exact subtotal × (100 − discount) / 100
 * rounded half up to the cent, and the discount is what that takes off. Used by the web app and the checkout.
 */
export function cartTotalCents(unitCents: number[], tier: SubscriptionTier) {
  const subtotalCents = unitCents.reduce((sum, cents) => sum + cents, 0)
  const discountPercent = CART_DISCOUNT_PERCENT[tier]
  const totalCents = roundHalfUp(subtotalCents * (100 - discountPercent), 100)
  return { subtotalCents, discountPercent, discountCents: subtotalCents - totalCents, totalCents }
}

/** The same total in dollars, for screens that show the API's dollar prices. */
export function cartTotal(items: PricedItem[], tier: SubscriptionTier) {
  const cents = cartTotalCents(
    items.map((item) => toCents(unitPrice(item))),
    tier,
  )
  return {
    subtotal: toDollars(cents.subtotalCents),
    discountPercent: cents.discountPercent,
    discount: toDollars(cents.discountCents),
    total: toDollars(cents.totalCents),
  }
}
