/**
 * The plain values of subscription.ts (tiers, prices, trial length, texts) without its schemas: the web app's
 * shell and its first pages read these, and importing them from here keeps the schema library out of a first visit.
 */

export const SUBSCRIPTION_TIERS = ['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE'] as const
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number]
export type PaidTier = Exclude<SubscriptionTier, 'NONE'>

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PENDING', 'EXPIRED', 'CANCELLED', 'INACTIVE'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const BILLING_PERIODS = ['MONTHLY', 'ANNUAL'] as const
export type BillingPeriod = (typeof BILLING_PERIODS)[number]

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
/** The contract's label for annual billing; the membership page shows it beside the plans whose saving reaches it. */
export const ANNUAL_SAVINGS_PERCENT = 20
export const ANNUAL_SAVINGS_LABEL = `Save ${ANNUAL_SAVINGS_PERCENT}%`

/** docs/product.md, 'Cart': the cart discount per tier, in percent. */
export const CART_DISCOUNT_PERCENT: Record<SubscriptionTier, number> = {
  NONE: 0,
  BASIC: 15,
  PROFESSIONAL: 20,
  ENTERPRISE: 25,
}

export const TRIAL_LENGTH_DAYS = 3
export const TRIAL_RECHECK_MS = 60 * 60 * 1000

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': a monthly plan runs 30 days, an annual plan 365 days; cancellation takes effect at the end. */
export const PERIOD_DAYS: Record<BillingPeriod, number> = { MONTHLY: 30, ANNUAL: 365 }

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
