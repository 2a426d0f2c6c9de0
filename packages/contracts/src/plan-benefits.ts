import { BASIC_COVERED_MAKES_TEXT, isBasicCovered } from './basic-covered-makes.ts'
import { BULK_QUOTE_FROM_ROWS, BULK_QUOTE_PRICE_CENTS, bulkRowLimit } from './bulk-limits.ts'
import { PIN_CHARGE_CENTS, planDiscountSummary } from './keycode-prices.ts'
import { formatDollars, formatPrice } from './money.ts'
import { planCharge } from './plan-prices.ts'
import {
  type BillingPeriod,
  CART_DISCOUNT_PERCENT,
  MONTHLY_PRICE_CENTS,
  type PaidTier,
  type SubscriptionTier,
  TIER_LABELS,
  TRIAL_LENGTH_DAYS,
} from './subscription-constants.ts'
import { supportPromiseText } from './support-deadlines.ts'
import { TEAM_BENEFIT, TEAM_PLAN_TIER } from './team-plan.ts'
import { SERVICE_PLAN_LABELS, SERVICE_PLANS, type ServicePlan, turnaroundText } from './turnaround.ts'

/**
 * What the plans give, in the words every screen shows (docs/decisions/029): each sentence is built from the rule the
 * server runs (discounts, Basic's makes, the PIN charge, bulk rows, turnaround, trial length), so a screen cannot
 * promise what the server does not do. No zod here: the home page's first visit reads it.
 */

/** Support's first-answer promise by plan, as the support inbox keeps it (supportAnswerDueAt, docs/decisions/034). */
export const PLAN_SUPPORT: Record<SubscriptionTier, string> = {
  NONE: supportPromiseText('NONE'),
  BASIC: supportPromiseText('BASIC'),
  PROFESSIONAL: supportPromiseText('PROFESSIONAL'),
  ENTERPRISE: supportPromiseText('ENTERPRISE'),
}

/** The makes whose catalogue entry requires a PIN (docs/product.md, 'Prices'), as the policy pages group them. */
export const PIN_MAKES_TEXT = 'Chrysler, Dodge/Jeep, Infiniti and Nissan'

/** The PIN charge in one sentence (keycodeLinePrice charges it). */
export const PIN_CHARGE_SENTENCE = `${PIN_MAKES_TEXT} need a PIN code with the key. It is included for members and costs ${formatPrice(PIN_CHARGE_CENTS)} more for buyers without a plan.`

/** A keycode's deadline after payment, as a benefit line: "Keycodes due within 1 hour of payment". */
export const turnaroundBenefit = (plan: ServicePlan) => `Keycodes due ${turnaroundText(plan)} of payment`

/** A plan card's benefits, from the rules that price, time and limit its orders. */
export function planBenefits(tier: SubscriptionTier): string[] {
  if (tier === 'NONE')
    return ['Non-member keycode prices', `PIN codes ${formatPrice(PIN_CHARGE_CENTS)} extra`, turnaroundBenefit('NONE'), PLAN_SUPPORT.NONE]
  const bulkRows = bulkRowLimit(tier)
  return [
    planDiscountSummary(tier),
    tier === 'BASIC' ? `Member prices on ${BASIC_COVERED_MAKES_TEXT} only` : 'Member prices on every make',
    'PIN codes included',
    turnaroundBenefit(tier),
    ...(bulkRows === null ? [] : [`Bulk batches of up to ${bulkRows.toLocaleString('en-US')} vehicles`]),
    ...(tier === TEAM_PLAN_TIER ? [TEAM_BENEFIT] : []),
    PLAN_SUPPORT[tier],
  ]
}

/** What a trial of this tier gives: the tier's prices and discount, the trial's turnaround and chat. */
export function trialBenefits(tier: PaidTier): string[] {
  const prices =
    tier === 'BASIC'
      ? `${TIER_LABELS.BASIC} member prices on ${BASIC_COVERED_MAKES_TEXT}, and ${CART_DISCOUNT_PERCENT.BASIC}% off one of those keycodes`
      : `${TIER_LABELS[tier]} member prices, and ${planDiscountSummary(tier)}`
  return [turnaroundBenefit('TRIAL'), 'Live support chat', prices, 'One trial per account']
}

export const TRIAL_SENTENCE = `${TRIAL_LENGTH_DAYS} days of premium access, free, with no automatic charge.`

/** What Basic gives on one make's pricing card, with that make's standard price as the card shows it. */
export function basicMakeNote(make: string, standardPrice: string): string {
  if (isBasicCovered(make)) return `${TIER_LABELS.BASIC}: member price, ${CART_DISCOUNT_PERCENT.BASIC}% off one keycode each plan month`
  return `${TIER_LABELS.BASIC}: the ${standardPrice} standard price (${TIER_LABELS.BASIC} covers ${BASIC_COVERED_MAKES_TEXT})`
}

/** The three plans' discounts in one sentence. */
export const DISCOUNTS_SENTENCE = `${TIER_LABELS.BASIC} takes ${CART_DISCOUNT_PERCENT.BASIC}% off one keycode each plan month; ${TIER_LABELS.PROFESSIONAL} ${CART_DISCOUNT_PERCENT.PROFESSIONAL}% and ${TIER_LABELS.ENTERPRISE} ${CART_DISCOUNT_PERCENT.ENTERPRISE}% off every keycode in your cart.`

/** What Basic covers, for the pricing page's FAQ. */
export const BASIC_COVERAGE_SENTENCE = `${TIER_LABELS.BASIC}'s member prices and its ${CART_DISCOUNT_PERCENT.BASIC}% discount cover ${BASIC_COVERED_MAKES_TEXT}; other makes cost the standard price. The ${CART_DISCOUNT_PERCENT.BASIC}% applies to one keycode in each 30-day plan month; ${TIER_LABELS.PROFESSIONAL} and ${TIER_LABELS.ENTERPRISE} take their discount off every keycode.`

/** Every plan's deadline, as dueAtFor sets it at payment. */
export const TURNAROUND_SENTENCE = `Each paid keycode is due within a time set by the plan you hold when you pay: ${SERVICE_PLANS.map(
  (plan) => `${SERVICE_PLAN_LABELS[plan]} ${turnaroundText(plan)}`,
).join(', ')}. It arrives by e-mail and in your account.`

/** The custom quote for large batches (bulk.ts), in one sentence. */
export const BULK_QUOTE_SENTENCE = `For ${BULK_QUOTE_FROM_ROWS} or more requests support can quote ${formatPrice(BULK_QUOTE_PRICE_CENTS)} per request by arrangement.`

/** A plan's one name on a cart line, a receipt, a mail and the admin's lists: "Professional plan (annual)". */
export const planLineName = (tier: SubscriptionTier, billing: BillingPeriod) =>
  `${TIER_LABELS[tier]} plan (${billing === 'ANNUAL' ? 'annual' : 'monthly'})`

/**
 * A plan's monthly price, and its annual one as planCharge charges it: the setup fee only where it is charged
 * (Professional), and no annual price for Enterprise, which is sold monthly only.
 */
export function planPriceLines(tier: PaidTier): { monthly: string; annual: string } {
  const monthly = formatDollars(MONTHLY_PRICE_CENTS[tier])
  const annual = planCharge(tier, 'ANNUAL')
  if (!annual) return { monthly, annual: `${TIER_LABELS[tier]} is billed monthly.` }
  const fee = annual.setupFeeCents > 0 ? ` + ${formatDollars(annual.setupFeeCents)} setup fee` : ''
  return { monthly, annual: `or ${formatDollars(annual.periodCents)}/year${fee}` }
}
