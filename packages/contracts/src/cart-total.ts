import { toCents, toDollars } from './money.ts'
import { CART_DISCOUNT_PERCENT, type SubscriptionTier } from './subscription-constants.ts'

export interface PricedItem {
  /** A plan line (SUBSCRIPTION) is never discounted; a line without a kind is a keycode line. */
  kind?: 'KEYCODE' | 'SUBSCRIPTION'
  finalPrice?: number | null
  standardPrice?: number | null
  price?: number | null
  /** The discount this line takes, where the server priced it per line; else the cart's tier discount. */
  discountPercent?: number
}

/** docs/product.md, 'Cart': the unit price is finalPrice, else standardPrice, else price. */
export const unitPrice = (item: PricedItem): number => item.finalPrice ?? item.standardPrice ?? item.price ?? 0

/**
 * The one rounding rule for money: numerator / denominator (non-negative integers) rounded half up to a whole cent,
 * computed in integers, so no floating-point error can move a total by a cent.
 */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/**
 * One line of a cart in cents, and whether it is a plan (never discounted) or a keycode lookup. A keycode line may
 * carry its own discount (keycode-prices.ts decides it per line); without one, the cart's tier discount applies.
 */
export interface CartLineCents {
  kind?: 'KEYCODE' | 'SUBSCRIPTION'
  cents: number
  discountPercent?: number
}

/**
 * docs/product.md, "Prices and discounts", in cents: discounts apply to keycode lines only (a plan is always sold at
 * its list price, in the cart, the checkout and the provider's recurring price). The keycode lines of each discount
 * rate total their exact subtotal × (100 − rate) / 100 rounded half up to the cent, and the discount is what that
 * takes off. With one rate for every line this is the contract's sum of finalPrice less the tier's discount. Used by
 * the web app and the checkout.
 */
export function cartTotalCents(lines: CartLineCents[], tier: SubscriptionTier) {
  const isPlan = (line: CartLineCents) => line.kind === 'SUBSCRIPTION'
  const planCents = lines.filter(isPlan).reduce((sum, line) => sum + line.cents, 0)
  const subtotalByRate = new Map<number, number>()
  for (const line of lines.filter((line) => !isPlan(line))) {
    const rate = line.discountPercent ?? CART_DISCOUNT_PERCENT[tier]
    subtotalByRate.set(rate, (subtotalByRate.get(rate) ?? 0) + line.cents)
  }
  const totalByRate = new Map([...subtotalByRate].map(([rate, cents]) => [rate, roundHalfUp(cents * (100 - rate), 100)]))
  const keycodeSubtotalCents = [...subtotalByRate.values()].reduce((sum, cents) => sum + cents, 0)
  const keycodeTotalCents = [...totalByRate.values()].reduce((sum, cents) => sum + cents, 0)
  const discountedRates = [...subtotalByRate.keys()].filter((rate) => rate > 0)
  return {
    subtotalCents: planCents + keycodeSubtotalCents,
    discountPercent: discountedRates.length === 0 ? 0 : Math.max(...discountedRates),
    discountCents: keycodeSubtotalCents - keycodeTotalCents,
    keycodeSubtotalCents,
    keycodeTotalCents,
    totalByRate,
    subtotalByRate,
    totalCents: planCents + keycodeTotalCents,
  }
}

/**
 * What each line charges, in cents: a plan its list price; the keycode lines of each discount rate share that rate's
 * rounded total in proportion to their prices, the last of them absorbing the rounding, so the lines add up to exactly
 * cartTotalCents' total. The checkout records these amounts and the cart shows them, so a line shows what it charges.
 */
export function lineChargesCents(lines: CartLineCents[], tier: SubscriptionTier): number[] {
  const rateOf = (line: CartLineCents) => line.discountPercent ?? CART_DISCOUNT_PERCENT[tier]
  const { subtotalByRate, totalByRate } = cartTotalCents(lines, tier)
  const lastOfRate = new Map<number, number>()
  lines.forEach((line, index) => {
    if (line.kind !== 'SUBSCRIPTION') lastOfRate.set(rateOf(line), index)
  })
  const allotted = new Map<number, number>()
  return lines.map((line, index) => {
    if (line.kind === 'SUBSCRIPTION') return line.cents
    const rate = rateOf(line)
    const rateSubtotal = subtotalByRate.get(rate) ?? 0
    const rateTotal = totalByRate.get(rate) ?? 0
    const soFar = allotted.get(rate) ?? 0
    const cents =
      index === lastOfRate.get(rate) ? rateTotal - soFar : rateSubtotal === 0 ? 0 : Math.round((line.cents * rateTotal) / rateSubtotal)
    allotted.set(rate, soFar + cents)
    return cents
  })
}

/** The cart's lines as cartTotalCents reads them, from the API's dollar prices. */
export const cartLinesCents = (items: PricedItem[]): CartLineCents[] =>
  items.map((item) => ({ kind: item.kind, cents: toCents(unitPrice(item)), discountPercent: item.discountPercent }))

/** The same total in dollars, for screens that show the API's dollar prices. */
export function cartTotal(items: PricedItem[], tier: SubscriptionTier) {
  const cents = cartTotalCents(cartLinesCents(items), tier)
  return {
    subtotal: toDollars(cents.subtotalCents),
    discountPercent: cents.discountPercent,
    discount: toDollars(cents.discountCents),
    total: toDollars(cents.totalCents),
  }
}
