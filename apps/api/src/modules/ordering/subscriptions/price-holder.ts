import { type PriceHolder, planMonthOf } from '@keydesk/contracts/keycode-prices'
import { type PlanHolding, premiumAccess } from '@keydesk/contracts/premium-access'
import { TRIAL_LENGTH_DAYS } from '@keydesk/contracts/subscription'
import type { DbExecutor } from '../../../db/database.ts'
import { findMemberAccess } from '../../accounts/index.ts'
import { isBasicDiscountSpent } from '../orders/basic-discount-repository.ts'
import { findLatestPlan } from './repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * What decides a member's keycode prices now: the tier of the plan or trial held, and for Basic whether this plan
 * month's one discounted keycode is still unused (docs/decisions/021). Guests and accounts without a plan: NONE.
 */
export async function findPriceHolder(db: DbExecutor, userId: string | null, now: Date): Promise<PriceHolder> {
  if (!userId) return { tier: 'NONE' }
  const member = await findMemberAccess(db, userId)
  const access = member ? premiumAccess(member, now) : null
  if (!access || access.type === 'none') return { tier: 'NONE' }
  if (access.tier !== 'BASIC') return { tier: access.tier }
  const month = await basicPlanMonth(db, userId, member?.trialEndsAt ?? null, access, now)
  const spent = await isBasicDiscountSpent(db, userId, month.from, month.until, now)
  // A next discount is promised only where a next plan month comes: not at a trial's end, nor at the end of a plan
  // that will not renew.
  return { tier: 'BASIC', basicDiscount: { available: !spent, nextOn: month.continues ? month.until : null } }
}

/**
 * The plan month holding `now`: of the running paid plan, or the whole trial for a trial of Basic. A Basic tier with
 * no plan record (set by an operator) counts its 30-day months from the Unix epoch, so it still has exactly one.
 * A plan bought while a trial ran continues it: its first month reaches back to the trial's start, so the one
 * discount the trial gave is this month's one discount, not a second (docs/decisions/021).
 */
async function basicPlanMonth(
  db: DbExecutor,
  userId: string,
  heldTrialEndsAt: PlanHolding['trialEndsAt'],
  access: ReturnType<typeof premiumAccess>,
  now: Date,
) {
  if (access.type === 'trial') return { ...planMonthOf(trialStartOf(access.trialEndsAt), now, access.trialEndsAt), continues: false }
  const plan = await findLatestPlan(db, userId)
  const start = plan?.startDate ?? new Date(0)
  const month = planMonthOf(start, now)
  const continues = !plan || plan.endDate > month.until || (plan.status === 'ACTIVE' && plan.autoRenew)
  const trialEndsAt = heldTrialEndsAt === null ? null : new Date(heldTrialEndsAt)
  const boughtDuringTrial = trialEndsAt !== null && trialStartOf(trialEndsAt) <= start && start < trialEndsAt
  if (boughtDuringTrial && month.from.getTime() === start.getTime()) {
    return { from: trialStartOf(trialEndsAt), until: month.until, continues }
  }
  return { ...month, continues }
}

const trialStartOf = (trialEndsAt: Date) => new Date(trialEndsAt.getTime() - TRIAL_LENGTH_DAYS * DAY_MS)
