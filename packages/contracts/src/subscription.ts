import { z } from 'zod'

export const SubscriptionTierSchema = z.enum(['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE'])
export type SubscriptionTier = z.infer<typeof SubscriptionTierSchema>

export const PaidTierSchema = SubscriptionTierSchema.exclude(['NONE'])
export type PaidTier = z.infer<typeof PaidTierSchema>

export const SubscriptionStatusSchema = z.enum(['ACTIVE', 'PENDING', 'EXPIRED', 'CANCELLED', 'INACTIVE'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

/** What the screens say for a tier and a status: never the stored code. */
export const TIER_LABELS: Record<SubscriptionTier, string> = {
  NONE: 'No plan',
  BASIC: 'Basic',
  PROFESSIONAL: 'Professional',
  ENTERPRISE: 'Enterprise',
}
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  PENDING: 'Pending',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
  INACTIVE: 'Inactive',
}

/** docs/product.md, 'Cart' (plans in the cart), in cents (money is integer cents everywhere but the UI). */
export const MONTHLY_PRICE_CENTS: Record<PaidTier, number> = {
  BASIC: 999,
  PROFESSIONAL: 2499,
  ENTERPRISE: 9999,
}

/** docs/product.md, 'Cart': Professional 149/year; the home page shows Basic annual at 99.99/year. */
export const ANNUAL_PRICE_CENTS = { BASIC: 9999, PROFESSIONAL: 14900 } as const
export const ANNUAL_SETUP_FEE_CENTS = 4900
export const ANNUAL_SAVINGS_LABEL = 'Save 20%'

/** docs/product.md, 'Cart': the cart discount per tier, in percent. */
export const CART_DISCOUNT_PERCENT: Record<SubscriptionTier, number> = {
  NONE: 0,
  BASIC: 15,
  PROFESSIONAL: 20,
  ENTERPRISE: 25,
}

export const TRIAL_LENGTH_DAYS = 3
export const TRIAL_RECHECK_MS = 60 * 60 * 1000

export const BillingPeriodSchema = z.enum(['MONTHLY', 'ANNUAL'])
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': a monthly plan runs 30 days, an annual plan 365 days; cancellation takes effect at the end. */
export const PERIOD_DAYS: Record<BillingPeriod, number> = { MONTHLY: 30, ANNUAL: 365 }

/** GET /trial/status (docs/product.md, 'Plans, trial and compliance'). */
export const TrialStatusSchema = z.object({
  hasTrial: z.boolean(),
  isActive: z.boolean(),
  remainingDays: z.number().int().min(0),
  trialEndsAt: z.string().nullable(),
  hasPremiumAccess: z.boolean(),
  accessType: z.enum(['none', 'trial', 'paid']),
  /** The tier the trial grants (its prices and discount), null without a trial. */
  trialTier: SubscriptionTierSchema.nullable(),
})
export type TrialStatus = z.infer<typeof TrialStatusSchema>

export const TrialStartQuerySchema = z.object({ tier: PaidTierSchema.default('BASIC') })

/** GET /user/subscription (docs/product.md, 'Plans, trial and compliance'). */
export const UserSubscriptionSchema = z.object({
  tier: SubscriptionTierSchema,
  status: SubscriptionStatusSchema,
  billing: BillingPeriodSchema.nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  autoRenew: z.boolean(),
  /** What the plan's line of its order charged, in cents; null without a paid order. The Refund Policy's fee (refunds.ts). */
  feeCents: z.number().int().nullable().default(null),
  /** The refund paid for this plan (docs/decisions/020), null while there is none. */
  refund: z.object({ amountCents: z.number().int(), refundedAt: z.string() }).nullable().default(null),
  /** Basic's one discounted keycode of this plan month: still unused, and when the next month starts (docs/decisions/021). */
  basicDiscount: z.object({ available: z.boolean(), nextOn: z.string().nullable() }).nullable().default(null),
})
export type UserSubscription = z.infer<typeof UserSubscriptionSchema>

/** One plan on the admins' list, GET /admin/subscriptions (docs/product.md, 'Back office', in the API contract). */
export const AdminSubscriptionSchema = z.object({
  id: z.string(),
  tier: SubscriptionTierSchema,
  status: z.enum(['ACTIVE', 'CANCELLED', 'EXPIRED']),
  userEmail: z.string().nullable(),
  billing: BillingPeriodSchema,
  /** The refund paid for this plan, in cents; null while there is none. */
  refundedCents: z.number().int().nullable(),
})
export const AdminSubscriptionListSchema = z.array(AdminSubscriptionSchema)

export const TRIAL_MESSAGES = {
  statusFailed: 'Failed to fetch trial status',
  startFailed: 'Failed to start trial.',
  started: 'Your 3-day free trial has started.',
  alreadyUsed: 'You have already used your free trial.',
  alreadySubscribed: 'You already have a subscription.',
  lessThanAnHour: 'Less than 1 hour left',
} as const

export const SUBSCRIPTION_MESSAGES = {
  fetchFailed: 'Failed to fetch User Subscription',
  cancelled: 'Your subscription will end at the close of the current period.',
  nothingToCancel: 'You have no active subscription to cancel.',
} as const
