import { CART_DISCOUNT_PERCENT, type SubscriptionTier } from './subscription.ts'

export interface PricedItem {
  finalPrice?: number | null
  standardPrice?: number | null
  price?: number | null
}

/** Spec 9: the unit price is finalPrice, else standardPrice, else price. */
export const unitPrice = (item: PricedItem): number => item.finalPrice ?? item.standardPrice ?? item.price ?? 0

const round2 = (amount: number) => Math.round(amount * 100) / 100

/** Spec 9: the tier's discount on the cart, total rounded to 2 decimals (dollars). */
export function cartTotal(items: PricedItem[], tier: SubscriptionTier) {
  const subtotal = round2(items.reduce((sum, item) => sum + unitPrice(item), 0))
  const discountPercent = CART_DISCOUNT_PERCENT[tier]
  const discount = round2((subtotal * discountPercent) / 100)
  return { subtotal, discountPercent, discount, total: round2(subtotal - discount) }
}
