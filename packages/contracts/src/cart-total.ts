import { toCents, toDollars } from './money.ts'
import { CART_DISCOUNT_PERCENT, type SubscriptionTier } from './subscription.ts'

export interface PricedItem {
  /** A plan line (SUBSCRIPTION) is never discounted; a line without a kind is a keycode line. */
  kind?: 'KEYCODE' | 'SUBSCRIPTION'
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

/** One line of a cart in cents, and whether it is a plan (never discounted) or a keycode lookup. */
export interface CartLineCents {
  kind?: 'KEYCODE' | 'SUBSCRIPTION'
  cents: number
}

/**
 * docs/product.md §11 in cents: the tier's discount applies to the keycode lines only (a plan is always sold at its list
 * price, in the cart, the checkout and the provider's recurring price). The keycode lines' total is their exact
 * subtotal × (100 − discount) / 100 rounded half up to the cent, and the discount is what that takes off. Used by the
 * web app and the checkout.
 */
export function cartTotalCents(lines: CartLineCents[], tier: SubscriptionTier) {
  const isPlan = (line: CartLineCents) => line.kind === 'SUBSCRIPTION'
  const planCents = lines.filter(isPlan).reduce((sum, line) => sum + line.cents, 0)
  const keycodeSubtotalCents = lines.filter((line) => !isPlan(line)).reduce((sum, line) => sum + line.cents, 0)
  const discountPercent = CART_DISCOUNT_PERCENT[tier]
  const keycodeTotalCents = roundHalfUp(keycodeSubtotalCents * (100 - discountPercent), 100)
  return {
    subtotalCents: planCents + keycodeSubtotalCents,
    discountPercent,
    discountCents: keycodeSubtotalCents - keycodeTotalCents,
    keycodeSubtotalCents,
    keycodeTotalCents,
    totalCents: planCents + keycodeTotalCents,
  }
}

/** The same total in dollars, for screens that show the API's dollar prices. */
export function cartTotal(items: PricedItem[], tier: SubscriptionTier) {
  const cents = cartTotalCents(
    items.map((item) => ({ kind: item.kind, cents: toCents(unitPrice(item)) })),
    tier,
  )
  return {
    subtotal: toDollars(cents.subtotalCents),
    discountPercent: cents.discountPercent,
    discount: toDollars(cents.discountCents),
    total: toDollars(cents.totalCents),
  }
}
