import { trialDaysLeft } from '@keydesk/contracts/premium-access'
import {
  type PaidTier,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionTier,
  TRIAL_LENGTH_DAYS,
  TRIAL_MESSAGES,
  type TrialStatus,
  type UserSubscription,
} from '@keydesk/contracts/subscription'
import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { DAY_MS } from '@keydesk/contracts/time'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError, loginRequired } from '../../../errors.ts'
import type { PeriodicJob } from '../../../lib/periodic-jobs.ts'
import type { Uses } from '../../../ports.ts'
import { clearSubscriptionTiers, isOnTeam, lockUsers, startTrialOnce } from '../../accounts/index.ts'
import { findPlanPayments } from '../orders/plan-payments-repository.ts'
import { isTrialRunning } from './access.ts'
import { findMemberHolding } from './member-holding.ts'
import { findRefundOfPlan } from './refund-repository.ts'
import { cancelRunningPlan, expireEndedPlans, findLatestPlan, findMembersWithRunningPlan } from './repository.ts'

/** The account's holding, for the answers only a signed-in account may ask for. */
async function findOwnHolding(db: DbExecutor, userId: string, now: Date) {
  const holding = await findMemberHolding(db, userId, now)
  if (!holding.member) throw loginRequired()
  return { ...holding, member: holding.member }
}

/** GET /trial/status (docs/product.md, 'Plans, trial and compliance'), as of the app's clock. */
export async function readTrialStatus(ports: Uses<'database' | 'clock'>, userId: string): Promise<TrialStatus> {
  const now = ports.clock.now()
  const { member, access } = await findOwnHolding(ports.database.db, userId, now)
  const isActive = isTrialRunning(member, now)
  return {
    hasTrial: member.trialEndsAt !== null,
    isActive,
    remainingDays: isActive ? trialDaysLeft({ ...member, subscriptionTier: 'NONE' }, now) : 0,
    trialEndsAt: member.trialEndsAt?.toISOString() ?? null,
    hasPremiumAccess: access.type !== 'none',
    accessType: access.type,
    trialTier: member.trialEndsAt ? member.trialTier : null,
  }
}

/** GET /keycode-user/subscription: the tier that prices the cart, a paid plan first, else a running trial's tier. */
export async function readPricingTier(ports: Uses<'database' | 'clock'>, userId: string): Promise<SubscriptionTier> {
  return (await findOwnHolding(ports.database.db, userId, ports.clock.now())).access.tier
}

/** POST /trial/start: one free 3-day trial per account, never for a paying member, no charge afterwards
 * (docs/product.md, 'Plans, trial, the premium rule and turnaround promises').
 */
export async function startTrial(
  ports: Uses<'database' | 'clock'>,
  userId: string,
  tier: PaidTier,
): Promise<TrialStatus & { message: string }> {
  const now = ports.clock.now()
  if (await isOnTeam(ports.database.db, userId)) throw new AppError('CONFLICT', TEAM_MESSAGES.planOfBusiness)
  const started = await startTrialOnce(ports.database.db, userId, tier, new Date(now.getTime() + TRIAL_LENGTH_DAYS * DAY_MS), now)
  if (!started) {
    const { member } = await findOwnHolding(ports.database.db, userId, now)
    throw new AppError('CONFLICT', member.subscriptionTier !== 'NONE' ? TRIAL_MESSAGES.alreadySubscribed : TRIAL_MESSAGES.alreadyUsed)
  }
  return { ...(await readTrialStatus(ports, userId)), message: TRIAL_MESSAGES.started }
}

/**
 * GET /user/subscription: the latest plan; a plan past its end reads EXPIRED even before the sweep has run. It carries
 * the plan's fee and any refund paid, so the member's screen applies the Refund Policy's rule itself (contracts/refunds.ts).
 */
export async function readUserSubscription(ports: Uses<'database' | 'clock'>, userId: string): Promise<UserSubscription> {
  const db = ports.database.db
  const plan = await findLatestPlan(db, userId)
  const holder = (await findMemberHolding(db, userId, ports.clock.now(), { prices: true, latestPlan: plan })).priceHolder
  const basicDiscount = holder.basicDiscount
    ? {
        available: holder.basicDiscount.available,
        nextOn: holder.basicDiscount.nextOn ? new Date(holder.basicDiscount.nextOn).toISOString() : null,
      }
    : null
  if (!plan) {
    return {
      tier: 'NONE',
      status: 'INACTIVE',
      billing: null,
      startDate: null,
      endDate: null,
      autoRenew: false,
      feeCents: null,
      refund: null,
      refundRequestedAt: null,
      basicDiscount,
    }
  }
  const [payments, refund] = await Promise.all([
    findPlanPayments(db, plan.transactionId ? [plan.transactionId] : []),
    findRefundOfPlan(db, plan.id),
  ])
  const payment = plan.transactionId ? payments.get(plan.transactionId) : undefined
  const ended = plan.endDate.getTime() <= ports.clock.now().getTime()
  return {
    tier: plan.tier,
    status: ended ? 'EXPIRED' : plan.status,
    billing: plan.billing,
    startDate: plan.startDate.toISOString(),
    endDate: plan.endDate.toISOString(),
    autoRenew: !ended && plan.autoRenew,
    feeCents: payment?.status === 'PAID' ? payment.planCents : null,
    refund:
      refund?.status === 'REFUNDED' && refund.refundedAt
        ? { amountCents: refund.amountCents, refundedAt: refund.refundedAt.toISOString() }
        : null,
    refundRequestedAt: plan.refundRequestedAt?.toISOString() ?? null,
    basicDiscount,
  }
}

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': cancellation takes effect at the end of the period; access stays until endDate. */
export async function cancelSubscription(ports: Uses<'database' | 'clock' | 'payments'>, userId: string) {
  const plan = await cancelRunningPlan(ports.database.db, userId)
  if (!plan) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.nothingToCancel)
  if (plan.providerSubscriptionId) await ports.payments.cancelAtPeriodEnd(plan.providerSubscriptionId)
  return { ...(await readUserSubscription(ports, userId)), message: SUBSCRIPTION_MESSAGES.cancelled }
}

/** Ends plans whose period is over and takes the member back to NONE unless another plan runs. */
export async function expireEndedSubscriptions(ports: Uses<'database' | 'clock'>): Promise<number> {
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    const ended = await expireEndedPlans(tx, now)
    if (ended.length === 0) return 0
    const members = [...new Set(ended)]
    // A purchase inserts its plan and then writes the member's tier on this row. With the row locked before the
    // check, a plan bought meanwhile is either seen by the check or its tier is written after this NONE.
    await lockUsers(tx, members)
    const running = await findMembersWithRunningPlan(tx, members)
    const planless = members.filter((id) => !running.has(id))
    if (planless.length > 0) await clearSubscriptionTiers(tx, planless, now)
    return ended.length
  })
}

const SWEEP_EVERY_MS = 5 * 60 * 1000

/** Ends finished plans every 5 minutes, on the one process that holds the job's lock (app.ts schedules it). */
export function subscriptionExpiryJob(ports: Uses<'database' | 'clock' | 'log'>): PeriodicJob {
  return {
    name: 'subscription-expiry',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      const expired = await expireEndedSubscriptions(ports)
      if (expired > 0) ports.log.info({ expired }, 'subscription expiry: %d plans ended', expired)
    },
  }
}
