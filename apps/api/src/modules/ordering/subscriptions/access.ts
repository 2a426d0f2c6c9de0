import type { PaidTier, SubscriptionTier } from '@keydesk/contracts/subscription'

export interface MemberAccess {
  subscriptionTier: SubscriptionTier
  trialTier: SubscriptionTier | null
  trialEndsAt: Date | null
}

/** Whether the account's one trial is still running, whatever its plan (the trial page reports it on its own). */
export const isTrialRunning = (member: MemberAccess, now: Date) =>
  member.trialEndsAt !== null && member.trialEndsAt.getTime() > now.getTime()

const TIER_RANK: Record<SubscriptionTier, number> = { NONE: 0, BASIC: 1, PROFESSIONAL: 2, ENTERPRISE: 3 }

/** A plan may be bought by a member without one, or as an upgrade to a higher tier. */
export const canBuyTier = (current: SubscriptionTier, wanted: PaidTier) => TIER_RANK[wanted] > TIER_RANK[current]
