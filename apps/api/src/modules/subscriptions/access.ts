import type { PaidTier, SubscriptionTier } from '@keydesk/contracts/subscription'

export interface MemberAccess {
  subscriptionTier: SubscriptionTier
  trialTier: SubscriptionTier | null
  trialEndsAt: Date | null
}

export const isTrialRunning = (member: MemberAccess, now: Date) =>
  member.trialEndsAt !== null && member.trialEndsAt.getTime() > now.getTime()

/** Spec 9: member prices and tier discounts follow premium access, a paid plan first, else a running trial. */
export function effectiveTier(member: MemberAccess, now: Date): SubscriptionTier {
  if (member.subscriptionTier !== 'NONE') return member.subscriptionTier
  if (isTrialRunning(member, now)) return member.trialTier ?? 'BASIC'
  return 'NONE'
}

export function accessType(member: MemberAccess, now: Date): 'none' | 'trial' | 'paid' {
  if (member.subscriptionTier !== 'NONE') return 'paid'
  return isTrialRunning(member, now) ? 'trial' : 'none'
}

const TIER_RANK: Record<SubscriptionTier, number> = { NONE: 0, BASIC: 1, PROFESSIONAL: 2, ENTERPRISE: 3 }

/** A plan may be bought by a member without one, or as an upgrade to a higher tier. */
export const canBuyTier = (current: SubscriptionTier, wanted: PaidTier) => TIER_RANK[wanted] > TIER_RANK[current]
