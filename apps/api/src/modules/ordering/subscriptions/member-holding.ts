import { type PriceHolder, planMonthOf } from '@keydesk/contracts/keycode-prices'
import { type PlanHolding, type PremiumAccess, premiumAccess } from '@keydesk/contracts/premium-access'
import { type ServicePlan, servicePlanOf } from '@keydesk/contracts/service-levels'
import { TRIAL_LENGTH_DAYS } from '@keydesk/contracts/subscription'
import { DAY_MS } from '@keydesk/contracts/time'
import type { DbExecutor } from '../../../db/database.ts'
import { findMemberAccess } from '../../accounts/index.ts'
import { isBasicDiscountSpent } from '../orders/basic-discount-repository.ts'
import { findLatestPlan } from './repository.ts'

type HeldColumns = NonNullable<Awaited<ReturnType<typeof findMemberAccess>>>
type LatestPlan = Awaited<ReturnType<typeof findLatestPlan>>

/**
 * What a member holds now, read once per request: the plan columns as the team rule gives them (null for a guest or
 * an account gone), the premium access they grant, the tier that prices and limits, and the service plan that sets
 * a keycode's deadline. Every reader of a member's plan (checkout, the cart, bulk, chat, support, the subscription
 * answers) starts here, so they cannot disagree about what one member holds at one moment.
 */
export interface MemberHolding {
  member: HeldColumns | null
  access: PremiumAccess
  servicePlan: ServicePlan
}

/** A holding with what it does to keycode prices (docs/decisions/021), which costs Basic two reads more. */
export interface PricedHolding extends MemberHolding {
  priceHolder: PriceHolder
}

export interface PricingReads {
  prices: true
  /** The member's latest plan when the caller has read it already, so it is not read twice. */
  latestPlan?: LatestPlan
}

export async function findMemberHolding(db: DbExecutor, userId: string | null, now: Date): Promise<MemberHolding>
export async function findMemberHolding(db: DbExecutor, userId: string | null, now: Date, reads: PricingReads): Promise<PricedHolding>
export async function findMemberHolding(
  db: DbExecutor,
  userId: string | null,
  now: Date,
  reads?: PricingReads,
): Promise<MemberHolding | PricedHolding> {
  const member = userId ? ((await findMemberAccess(db, userId)) ?? null) : null
  const access = premiumAccess(member ?? { subscriptionTier: 'NONE', trialTier: null, trialEndsAt: null }, now)
  const holding: MemberHolding = { member, access, servicePlan: servicePlanOf(access) }
  if (!reads?.prices) return holding
  return { ...holding, priceHolder: await priceHolderOf(db, userId, holding, now, reads) }
}

/**
 * What decides a member's keycode prices now: the tier of the plan or trial held, and for Basic whether this plan
 * month's one discounted keycode is still unused (docs/decisions/021). Guests and accounts without a plan: NONE.
 */
async function priceHolderOf(
  db: DbExecutor,
  userId: string | null,
  { member, access }: MemberHolding,
  now: Date,
  reads: PricingReads,
): Promise<PriceHolder> {
  if (!userId || access.type === 'none') return { tier: 'NONE' }
  if (access.tier !== 'BASIC') return { tier: access.tier }
  const month = await basicPlanMonth(db, userId, member?.trialEndsAt ?? null, access, now, reads)
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
  access: PremiumAccess,
  now: Date,
  reads: PricingReads,
) {
  if (access.type === 'trial') return { ...planMonthOf(trialStartOf(access.trialEndsAt), now, access.trialEndsAt), continues: false }
  const plan = 'latestPlan' in reads ? reads.latestPlan : await findLatestPlan(db, userId)
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
