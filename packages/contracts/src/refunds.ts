import { z } from 'zod'
import { formatDollars, formatPrice } from './money.ts'
import { type BillingPeriod, BillingPeriodSchema, PERIOD_DAYS, SubscriptionTierSchema } from './subscription.ts'
import { DAY_MS } from './time.ts'

/**
 * The Refund Policy page's rule for plans (docs/product.md, 'Policies shown on the static pages', docs/decisions/020): "Monthly plans: 30-day periods,
 * no partial refunds. Annual plans: 365 days, refund prorated by unused months (unused / total times fee), a $5
 * processing fee deducted, minimum refund $10." One function, run by the member's screen and by the server that
 * pays the refund, so the amount shown is the amount paid.
 */

export const REFUND_PROCESSING_FEE_CENTS = 500
export const REFUND_MINIMUM_CENTS = 1000
export const ANNUAL_PLAN_MONTHS = 12

/**
 * An annual plan's 365 days cut into 12 equal months of 30 days 10 hours, so that the months tile the period the plan
 * runs exactly; calendar months would not (a plan of 365 days never covers 12 calendar months to the day).
 */
export const ANNUAL_PLAN_MONTH_MS = (PERIOD_DAYS.ANNUAL * DAY_MS) / ANNUAL_PLAN_MONTHS

export const RefundRefusalSchema = z.enum(['MONTHLY', 'REFUNDED', 'EXPIRED', 'BELOW_MINIMUM'])
export type RefundRefusal = z.infer<typeof RefundRefusalSchema>

/** Why the policy gives nothing, in the words both screens show. */
export const REFUND_REFUSALS: Record<RefundRefusal, string> = {
  MONTHLY: 'Monthly plans run in 30-day periods and are not refunded in part.',
  REFUNDED: 'This plan has already been refunded.',
  EXPIRED: 'This plan has ended; only the unused months of a running annual plan are refunded.',
  BELOW_MINIMUM: `The unused months, less the ${formatDollars(REFUND_PROCESSING_FEE_CENTS)} processing fee, come to less than the ${formatDollars(REFUND_MINIMUM_CENTS)} minimum refund.`,
}

/** The policy for annual plans in one sentence, for the membership FAQ. */
export const ANNUAL_REFUND_SENTENCE = `Annual plans are refunded by unused months (unused months / total months × fee), less a ${formatPrice(REFUND_PROCESSING_FEE_CENTS)} processing fee, with a minimum refund of ${formatPrice(REFUND_MINIMUM_CENTS)}.`

/** What the rule reads of a plan. */
export interface RefundablePlan {
  billing: BillingPeriod
  /** What the plan's line of its checkout charged, in cents. */
  feeCents: number
  startDate: Date | string
  endDate: Date | string
  /** A refund of this plan has been paid already. */
  refunded: boolean
}

export interface PlanRefund {
  /** Whole cents, never negative; 0 exactly when `reason` says why. */
  amountCents: number
  unusedMonths: number
  reason: RefundRefusal | null
}

const none = (reason: RefundRefusal, unusedMonths = 0): PlanRefund => ({ amountCents: 0, unusedMonths, reason })

/**
 * The refund the policy gives for a plan on `now`. A month that has started counts as used, the month in progress
 * included: the member has had that month's access. So a plan refunded on its first day has 11 unused months, and one
 * in its last month has none. The prorated share is rounded down to the cent (never more than the policy gives).
 */
export function planRefund(plan: RefundablePlan, now: Date): PlanRefund {
  if (plan.refunded) return none('REFUNDED')
  if (plan.billing === 'MONTHLY') return none('MONTHLY')
  const start = new Date(plan.startDate).getTime()
  const end = new Date(plan.endDate).getTime()
  if (now.getTime() >= end) return none('EXPIRED')
  const elapsed = now.getTime() - start
  // A plan whose period has not begun (a clock behind the payment's) has used nothing yet.
  const startedMonths = elapsed < 0 ? 0 : Math.floor(elapsed / ANNUAL_PLAN_MONTH_MS) + 1
  const unusedMonths = Math.max(0, ANNUAL_PLAN_MONTHS - startedMonths)
  const amountCents = Math.floor((unusedMonths * plan.feeCents) / ANNUAL_PLAN_MONTHS) - REFUND_PROCESSING_FEE_CENTS
  if (amountCents < REFUND_MINIMUM_CENTS) return none('BELOW_MINIMUM', unusedMonths)
  return { amountCents, unusedMonths, reason: null }
}

/** The refund as a person reads it: how it was reached, or why there is none. */
export function refundExplanation(refund: PlanRefund, feeCents: number): string {
  if (refund.reason) return REFUND_REFUSALS[refund.reason]
  const months = refund.unusedMonths === 1 ? '1 unused month' : `${refund.unusedMonths} unused months`
  return `${months} of ${ANNUAL_PLAN_MONTHS} × ${formatDollars(feeCents)}, less the ${formatDollars(REFUND_PROCESSING_FEE_CENTS)} processing fee.`
}

export const PlanRefundSchema = z.object({
  amountCents: z.number().int().min(0),
  unusedMonths: z.number().int().min(0),
  reason: RefundRefusalSchema.nullable(),
  /** refundExplanation of this refund. */
  message: z.string(),
})

export const PlanRefundStatusSchema = z.enum(['PENDING', 'FAILED', 'REFUNDED'])
export type PlanRefundStatus = z.infer<typeof PlanRefundStatusSchema>

/** GET /admin/subscriptions/{id}/refund: the plan, what the policy gives now, and any refund already started. */
export const PlanRefundPreviewSchema = z.object({
  subscriptionId: z.string(),
  tier: SubscriptionTierSchema,
  billing: BillingPeriodSchema,
  status: z.enum(['ACTIVE', 'CANCELLED', 'EXPIRED']),
  startDate: z.string(),
  endDate: z.string(),
  /** null when the plan has no recorded payment to refund. */
  feeCents: z.number().int().nullable(),
  memberEmail: z.string().nullable(),
  refund: PlanRefundSchema,
  issued: z
    .object({
      status: PlanRefundStatusSchema,
      amountCents: z.number().int(),
      refundedAt: z.string().nullable(),
    })
    .nullable(),
})
export type PlanRefundPreview = z.infer<typeof PlanRefundPreviewSchema>

/** POST /admin/subscriptions/{id}/refund. */
export const PlanRefundIssuedSchema = z.object({
  message: z.string(),
  subscriptionId: z.string(),
  amountCents: z.number().int(),
  refundedAt: z.string(),
})
export type PlanRefundIssued = z.infer<typeof PlanRefundIssuedSchema>

export const REFUND_MESSAGES = {
  issued: (amountCents: number) => `Refund of ${formatDollars(amountCents)} issued. The plan has ended.`,
  inProgress: 'A refund of this plan is already being issued.',
  noPayment: 'This plan has no recorded payment to refund.',
  otherProvider: 'This plan was paid through another payment provider; refund it there.',
  renewed: "This plan has been renewed by the payment provider; refund the renewal from the provider's dashboard.",
  providerFailed: 'The payment provider did not confirm the refund, so nothing is recorded as refunded. Please try again.',
  notFound: 'Subscription not found.',
  noPlanToRefund: 'You have no running plan to refund.',
  alreadyRequested: 'You have already asked for this refund; our team pays it back to the card you paid with.',
  requested: (amountCents: number) =>
    `Refund of ${formatDollars(amountCents)} requested. Your plan will not renew; it ends when the refund is paid back to your card.`,
  requestFailed: 'Failed to ask for the refund.',
  previewFailed: 'Failed to load the refund.',
  issueFailed: 'Failed to issue the refund.',
} as const
