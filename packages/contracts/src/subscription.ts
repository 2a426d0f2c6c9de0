import { z } from 'zod'

export const SubscriptionTierSchema = z.enum(['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE'])
export type SubscriptionTier = z.infer<typeof SubscriptionTierSchema>

export const PaidTierSchema = SubscriptionTierSchema.exclude(['NONE'])
export type PaidTier = z.infer<typeof PaidTierSchema>

export const SubscriptionStatusSchema = z.enum(['ACTIVE', 'PENDING', 'EXPIRED', 'CANCELLED', 'INACTIVE'])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

/** Spec 9, in cents (money is integer cents everywhere but the UI). */
export const MONTHLY_PRICE_CENTS: Record<PaidTier, number> = {
  BASIC: 999,
  PROFESSIONAL: 2499,
  ENTERPRISE: 9999,
}

/** Spec 9: Professional 149/year; the home page shows Basic annual at 99.99/year. */
export const ANNUAL_PRICE_CENTS = { BASIC: 9999, PROFESSIONAL: 14900 } as const
export const ANNUAL_SETUP_FEE_CENTS = 4900
export const ANNUAL_SAVINGS_LABEL = 'Save 20%'

/** Spec 9: cart discount per tier, in percent. */
export const CART_DISCOUNT_PERCENT: Record<SubscriptionTier, number> = {
  NONE: 0,
  BASIC: 15,
  PROFESSIONAL: 20,
  ENTERPRISE: 25,
}

export const TRIAL_LENGTH_DAYS = 3
export const TRIAL_RECHECK_MS = 60 * 60 * 1000
