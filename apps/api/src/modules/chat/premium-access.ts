import type { SubscriptionTier } from '@keydesk/contracts/subscription'

/** Spec 6: chat is for premium access, a paid tier or a running trial. */
export function hasPremiumAccess(member: { subscriptionTier: SubscriptionTier; trialEndsAt: Date | null }, now = new Date()): boolean {
  if (member.subscriptionTier !== 'NONE') return true
  return member.trialEndsAt !== null && member.trialEndsAt.getTime() > now.getTime()
}
