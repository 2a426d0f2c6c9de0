import type { UserView } from '@keydesk/contracts/auth'
import { premiumAccess, trialDaysLeft, trialDaysUntil } from '@keydesk/contracts/premium-access'
import type { TrialStatus } from '@keydesk/contracts/subscription'
import { type SubscriptionTier, TRIAL_MESSAGES } from '@keydesk/contracts/subscription-constants'
import { DAY_MS, HOUR_MS } from '@keydesk/contracts/time'

/**
 * docs/product.md, 'The API contract': when GET /trial/status fails, the stored subscription data (the session's user) is used.
 * The trial's tier is not stored there; the server's default tier (BASIC) stands in for it.
 */
export function trialStatusFromUser(user: UserView, now = Date.now()): TrialStatus {
  const trialEndsAt = user.trialEndsAt ?? user.subscription.trialEndsAt
  const holding = { subscriptionTier: user.subscription.tier, trialTier: null, trialEndsAt }
  const at = new Date(now)
  const access = premiumAccess(holding, at)
  const isActive = trialEndsAt !== null && new Date(trialEndsAt).getTime() > now
  return {
    hasTrial: trialEndsAt !== null,
    isActive,
    remainingDays: isActive ? trialDaysLeft({ ...holding, subscriptionTier: 'NONE' }, at) : 0,
    trialEndsAt,
    hasPremiumAccess: access.type !== 'none',
    accessType: access.type,
    trialTier: trialEndsAt === null ? null : 'BASIC',
  }
}

/**
 * The tier whose prices and discount apply, as the server charges it: the paid tier, else the running
 * trial's tier, else NONE.
 */
export function pricingTier(paidTier: SubscriptionTier, trial: TrialStatus | null): SubscriptionTier {
  if (paidTier !== 'NONE') return paidTier
  if (trial?.isActive) return trial.trialTier ?? 'BASIC'
  return 'NONE'
}

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': days left, else hours left, else 'Less than 1 hour left'; null once the trial is over. */
export function describeTrialTimeLeft(trialEndsAt: string | null, now = Date.now()): string | null {
  if (trialEndsAt === null) return null
  const left = new Date(trialEndsAt).getTime() - now
  if (!(left > 0)) return null
  // The banner and the trial page's alert both read their days here, counted as the server counts remainingDays.
  const days = trialDaysUntil(new Date(trialEndsAt), new Date(now))
  if (left >= DAY_MS) return `${days} day${days === 1 ? '' : 's'} left`
  const hours = Math.floor(left / HOUR_MS)
  if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'} left`
  return TRIAL_MESSAGES.lessThanAnHour
}

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': the expired notice shows after a trial ended without premium access. */
export const isTrialExpired = (trial: TrialStatus) => trial.hasTrial && !trial.isActive && trial.accessType === 'none'

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': the offer banner shows to a user with no trial yet and no premium access. */
export const canOfferTrial = (trial: TrialStatus) => !trial.hasTrial && !trial.hasPremiumAccess
