import {
  ANNUAL_PRICE_CENTS,
  ANNUAL_SETUP_FEE_CENTS,
  type BillingPeriod,
  MONTHLY_PRICE_CENTS,
  type PaidTier,
} from './subscription-constants.ts'

/** What buying a plan costs: the price of each period, the setup fee charged with the first, and that first charge. */
export interface PlanCharge {
  periodCents: number
  setupFeeCents: number
  firstChargeCents: number
}

/**
 * The one price of a plan, used by the checkout and by every screen that shows it (docs/product.md, 'Cart'): the monthly
 * price, or the annual price plus the 49 setup fee for annual non-Basic plans. Basic annual is 99.99 without the fee
 * (the home page's own reading shows the fee there too; the screens that sell the plan show what is charged).
 * Enterprise has no annual price, so null: it is sold monthly only.
 */
export function planCharge(tier: PaidTier, billing: BillingPeriod): PlanCharge | null {
  if (billing === 'MONTHLY') {
    const periodCents = MONTHLY_PRICE_CENTS[tier]
    return { periodCents, setupFeeCents: 0, firstChargeCents: periodCents }
  }
  if (tier === 'ENTERPRISE') return null
  const periodCents = ANNUAL_PRICE_CENTS[tier]
  const setupFeeCents = tier === 'BASIC' ? 0 : ANNUAL_SETUP_FEE_CENTS
  return { periodCents, setupFeeCents, firstChargeCents: periodCents + setupFeeCents }
}

/** What a first year on annual billing costs against twelve monthly payments, so a saving claim is true per plan. */
export function annualSaving(
  tier: PaidTier,
): { firstYearCents: number; twelveMonthsCents: number; savedCents: number; percent: number } | null {
  const annual = planCharge(tier, 'ANNUAL')
  const monthly = planCharge(tier, 'MONTHLY')
  if (!annual || !monthly) return null
  const twelveMonthsCents = 12 * monthly.periodCents
  const savedCents = twelveMonthsCents - annual.firstChargeCents
  return {
    firstYearCents: annual.firstChargeCents,
    twelveMonthsCents,
    savedCents,
    percent: Math.floor((100 * savedCents) / twelveMonthsCents),
  }
}
