import type { UserView } from '@keydesk/contracts/auth'
import { premiumAccess } from '@keydesk/contracts/premium-access'
import type { users } from '../../../db/schema/users.ts'

type UserRow = typeof users.$inferSelect

/** The user as their own session sees it (`user` in docs/product.md, 'The API contract', 'Accounts and sessions'); never a hash, token or admin note. */
export function toUserView(user: UserRow, now: Date): UserView {
  const access = premiumAccess(user, now)
  const isOnTrial = user.trialEndsAt !== null && user.trialEndsAt > now
  const hasPaidTier = access.type === 'paid'
  return {
    id: user.id,
    fname: user.fname,
    lname: user.lname,
    email: user.email,
    phone: user.phone,
    role: user.role,
    state: user.state,
    company: user.company,
    isActive: user.isActive,
    isValidatedUser: user.isValidatedUser,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    subscription: {
      tier: user.subscriptionTier,
      status: access.type === 'none' ? 'INACTIVE' : 'ACTIVE',
      trial: isOnTrial,
      trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
      activated: hasPaidTier,
    },
  }
}
