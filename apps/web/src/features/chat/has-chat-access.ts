import type { UserView } from '@keydesk/contracts/auth'
import { hasPremiumAccess } from '@keydesk/contracts/premium-access'

/** Chat is for premium access: the one premium rule in contracts, as the server applies it. */
export function hasChatAccess(user: UserView, now = new Date()): boolean {
  return hasPremiumAccess(
    { subscriptionTier: user.subscription.tier, trialTier: null, trialEndsAt: user.trialEndsAt ?? user.subscription.trialEndsAt },
    now,
  )
}
