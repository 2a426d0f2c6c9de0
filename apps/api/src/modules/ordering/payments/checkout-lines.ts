import { cartTotalCents, lineChargesCents } from '@keydesk/contracts/cart-total'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import type { TransactionItem } from '../../../db/schema/payments.ts'
import type { PricedCartItem } from '../cart/priced-items.ts'

function describe(item: PricedCartItem): Pick<TransactionItem, 'name' | 'description'> {
  if (item.kind === 'SUBSCRIPTION') {
    const period = item.billing === 'ANNUAL' ? 'Annual' : 'Monthly'
    // The plan's one name (TIER_LABELS), as the cart, the receipt and the mail say it; never its stored code.
    return { name: planLineName(item.subscriptionTier ?? 'NONE', item.billing ?? 'MONTHLY'), description: `${period} membership plan` }
  }
  // The rule that priced the line travels with it: to the provider's page, the success page and the receipt.
  const rule = item.priceNote ? `: ${item.priceNote}` : ''
  const batch = item.batch ? ` (${item.batch})` : ''
  return {
    name: `${item.make} ${item.model} ${item.year} keycode`,
    description: `Keycode lookup for VIN ending ${item.vinLast4}${batch}${rule}`,
  }
}

/**
 * The order as charged: the cart total of docs/product.md, "Prices and discounts". A plan line is charged its list
 * price, never discounted (its amount also becomes the provider's recurring price). The keycode lines of each
 * discount rate share that rate's rounded total, the last of them absorbing the rounding, so the lines add up to
 * exactly the total. Each keycode line records the rule that priced it, for the receipt and the order history.
 */
export function checkoutLines(items: PricedCartItem[], tier: SubscriptionTier): { totalCents: number; lines: TransactionItem[] } {
  const cartLines = items.map((item) => ({ kind: item.kind, cents: item.amountCents, discountPercent: item.discountPercent }))
  const { totalCents } = cartTotalCents(cartLines, tier)
  // The cart page shows each line's charge with the same function, so the cart and the receipt agree to the cent.
  const charges = lineChargesCents(cartLines, tier)
  const lines = items.map((item, index): TransactionItem => {
    if (item.kind === 'SUBSCRIPTION') {
      return {
        kind: item.kind,
        ...describe(item),
        amountCents: item.amountCents,
        ...(item.subscriptionTier && item.subscriptionTier !== 'NONE' ? { tier: item.subscriptionTier, billing: item.billing } : {}),
      }
    }
    const amountCents = charges[index] ?? 0
    return {
      kind: item.kind,
      ...describe(item),
      amountCents,
      ...(item.vehicleRequestId ? { vehicleRequestId: item.vehicleRequestId } : {}),
      ...(item.batchCode ? { batch: item.batchCode } : {}),
      pricing: {
        priceRule: item.priceRule,
        discountRule: item.discountRule,
        discountPercent: item.discountPercent,
        beforeDiscountCents: item.amountCents,
        pinCents: item.pinCents,
        note: item.priceNote ?? '',
      },
    }
  })
  return { totalCents, lines }
}
