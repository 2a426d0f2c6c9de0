import { z } from 'zod'
import { BILLING_PERIODS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from './subscription-constants.ts'

export * from './subscription-constants.ts'

export const SubscriptionTierSchema = z.enum(SUBSCRIPTION_TIERS)
export const PaidTierSchema = SubscriptionTierSchema.exclude(['NONE'])
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES)
export const BillingPeriodSchema = z.enum(BILLING_PERIODS)

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
  /** When the member asked for the Refund Policy's refund now (docs/decisions/032); null while they have not. */
  refundRequestedAt: z.string().nullable().default(null),
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
  /** The member's name, so the list names people rather than ids; null where the e-mail is (an inactive account). */
  memberName: z.string().nullable().default(null),
  billing: BillingPeriodSchema,
  /** The refund paid for this plan, in cents; null while there is none. */
  refundedCents: z.number().int().nullable(),
  /** When the member asked for the policy's refund (docs/decisions/032); null while they have not. */
  refundRequestedAt: z.string().nullable().default(null),
})
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>
export const AdminSubscriptionListSchema = z.array(AdminSubscriptionSchema)
