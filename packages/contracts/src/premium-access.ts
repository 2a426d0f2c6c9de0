import { type PaidTier, type SubscriptionTier, TRIAL_LENGTH_DAYS } from './subscription-constants.ts'
import { DAY_MS } from './time.ts'

/** What an account holds that decides premium access: its paid plan and its one trial (docs/decisions/016). */
export interface PlanHolding {
  subscriptionTier: SubscriptionTier
  trialTier: SubscriptionTier | null
  trialEndsAt: Date | string | null
}

export type PremiumAccess =
  | { type: 'none'; tier: 'NONE'; trialEndsAt: null }
  | { type: 'trial'; tier: PaidTier; trialEndsAt: Date }
  | { type: 'paid'; tier: PaidTier; trialEndsAt: null }

/**
 * The one premium rule, used by the API and the web app alike: a paid plan first, else a trial still running
 * (a trial grants its own tier, Basic when none was chosen), else nothing. A plan is paid from the moment it is
 * bought until it expires, whatever its billing state; the subscription checks move the account back to NONE.
 */
export function premiumAccess(holding: PlanHolding, now: Date): PremiumAccess {
  if (holding.subscriptionTier !== 'NONE') return { type: 'paid', tier: holding.subscriptionTier, trialEndsAt: null }
  const trialEndsAt = holding.trialEndsAt === null ? null : new Date(holding.trialEndsAt)
  if (trialEndsAt !== null && trialEndsAt.getTime() > now.getTime()) {
    const tier = holding.trialTier === null || holding.trialTier === 'NONE' ? 'BASIC' : holding.trialTier
    return { type: 'trial', tier, trialEndsAt }
  }
  return { type: 'none', tier: 'NONE', trialEndsAt: null }
}

export const hasPremiumAccess = (holding: PlanHolding, now: Date) => premiumAccess(holding, now).type !== 'none'

/**
 * Whole days until a trial ends, counted up: 3 right after a 3-day trial starts, 1 on its last day. Never more than the
 * trial's length: a clock read a moment before the start (a page's minute timer, a browser a little behind the server)
 * would otherwise count a fourth day that the trial does not have. Every screen and the server count with it.
 */
export function trialDaysUntil(trialEndsAt: Date, now: Date): number {
  return Math.min(TRIAL_LENGTH_DAYS, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS))
}

/** Whole days left in a running trial (trialDaysUntil), 0 without one. */
export function trialDaysLeft(holding: PlanHolding, now: Date): number {
  const access = premiumAccess(holding, now)
  if (access.type !== 'trial') return 0
  return trialDaysUntil(access.trialEndsAt, now)
}
