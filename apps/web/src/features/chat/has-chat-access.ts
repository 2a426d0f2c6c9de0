import type { UserView } from '@keydesk/contracts/auth'

/** Spec 6: chat is for premium access, a paid tier or a running trial (the server checks it again). */
export function hasChatAccess(user: UserView, now = new Date()): boolean {
  if (user.subscription.tier !== 'NONE' && user.subscription.status === 'ACTIVE') return true
  const trialEndsAt = user.trialEndsAt ?? user.subscription.trialEndsAt
  return trialEndsAt !== null && new Date(trialEndsAt).getTime() > now.getTime()
}
