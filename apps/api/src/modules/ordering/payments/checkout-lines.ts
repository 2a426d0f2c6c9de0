import { cartTotalCents } from '@keydesk/contracts/cart-total'
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
  const rateOf = (item: PricedCartItem) => item.discountPercent
  const { subtotalByRate, totalByRate, totalCents } = cartTotalCents(
    items.map((item) => ({ kind: item.kind, cents: item.amountCents, discountPercent: rateOf(item) })),
    tier,
  )
  const lastOfRate = new Map<number, number>()
  items.forEach((item, index) => {
    if (item.kind !== 'SUBSCRIPTION') lastOfRate.set(rateOf(item), index)
  })
  const allotted = new Map<number, number>()
  const lines = items.map((item, index): TransactionItem => {
    if (item.kind === 'SUBSCRIPTION') {
      return {
        kind: item.kind,
        ...describe(item),
        amountCents: item.amountCents,
        ...(item.subscriptionTier && item.subscriptionTier !== 'NONE' ? { tier: item.subscriptionTier, billing: item.billing } : {}),
      }
    }
    const rate = rateOf(item)
    const rateSubtotal = subtotalByRate.get(rate) ?? 0
    const rateTotal = totalByRate.get(rate) ?? 0
    const soFar = allotted.get(rate) ?? 0
    const amountCents =
      index === lastOfRate.get(rate)
        ? rateTotal - soFar
        : rateSubtotal === 0
          ? 0
          : Math.round((item.amountCents * rateTotal) / rateSubtotal)
    allotted.set(rate, soFar + amountCents)
    return {
      kind: item.kind,
      ...describe(item),
      amountCents,
      ...(item.vehicleRequestId ? { vehicleRequestId: item.vehicleRequestId } : {}),
      ...(item.batchCode ? { batch: item.batchCode } : {}),
      pricing: {
        priceRule: item.priceRule,
        discountRule: item.discountRule,
        discountPercent: rate,
        beforeDiscountCents: item.amountCents,
        pinCents: item.pinCents,
        note: item.priceNote ?? '',
      },
    }
  })
  return { totalCents, lines }
}
