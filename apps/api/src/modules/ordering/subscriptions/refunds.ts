import {
  type PlanRefundIssued,
  type PlanRefundPreview,
  planRefund,
  REFUND_MESSAGES,
  REFUND_REFUSALS,
  refundExplanation,
} from '@keydesk/contracts/refunds'
import { PERIOD_DAYS } from '@keydesk/contracts/subscription'
import { DAY_MS } from '@keydesk/contracts/time'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { clearSubscriptionTiers, findUserNames, lockUsers } from '../../accounts/index.ts'
import { enqueueMail, recordAction, renderMail } from '../../platform/index.ts'
import { findPlanPayments } from '../orders/plan-payments-repository.ts'
import { planRefundMail } from './refund-mail.ts'
import {
  findRefundOfPlan,
  insertPendingRefund,
  markRefunded,
  markRefundFailed,
  type PlanRefundRow,
  restartRefundAttempt,
} from './refund-repository.ts'
import {
  endPlanNow,
  findLatestPlan,
  findMembersWithRunningPlan,
  findPlanById,
  lockPlanById,
  markRefundRequested,
  type PlanRow,
} from './repository.ts'
import { readUserSubscription } from './service.ts'

/**
 * How long an attempt at the provider may still be running: longer than the Stripe SDK can take (a 20 s timeout,
 * tried 3 times). Until then a second call is refused as "being issued"; after it the attempt is taken to have
 * died and may be made again, with the same amount and key.
 */
export const REFUND_ATTEMPT_LEASE_MS = 2 * 60 * 1000

type PlanPayment = NonNullable<ReturnType<Awaited<ReturnType<typeof findPlanPayments>>['get']>>

async function findPayment(db: DbExecutor, plan: PlanRow): Promise<PlanPayment | null> {
  if (!plan.transactionId) return null
  return (await findPlanPayments(db, [plan.transactionId])).get(plan.transactionId) ?? null
}

/** A provider plan whose end moved past its one period was renewed: the period refunded would not be the one paid here. */
const wasRenewed = (plan: PlanRow) => plan.endDate.getTime() - plan.startDate.getTime() > PERIOD_DAYS[plan.billing] * DAY_MS

/** The fee the rule reads: what the plan's line charged, when the plan has a paid order to refund. */
const feeOf = (payment: PlanPayment | null) => (payment?.status === 'PAID' ? payment.planCents : null)

/** The policy's refund of a plan today, by the one rule of contracts/refunds.ts. */
function decide(plan: PlanRow, feeCents: number | null, refund: PlanRefundRow | undefined, now: Date) {
  return planRefund(
    {
      billing: plan.billing,
      feeCents: feeCents ?? 0,
      startDate: plan.startDate,
      endDate: plan.endDate,
      refunded: refund?.status === 'REFUNDED',
    },
    now,
  )
}

/** GET /admin/subscriptions/{id}/refund: what issuing would pay now, or why nothing, and any refund already begun. */
export async function previewPlanRefund(ports: Uses<'database' | 'clock'>, subscriptionId: string): Promise<PlanRefundPreview> {
  const db = ports.database.db
  const plan = await findPlanById(db, subscriptionId)
  if (!plan) throw new AppError('NOT_FOUND', REFUND_MESSAGES.notFound)
  const [payment, issued, members] = await Promise.all([
    findPayment(db, plan),
    findRefundOfPlan(db, plan.id),
    findUserNames(db, [plan.userId]),
  ])
  const feeCents = feeOf(payment)
  const refund = decide(plan, feeCents, issued, ports.clock.now())
  const member = members.get(plan.userId)
  return {
    subscriptionId: plan.id,
    tier: plan.tier,
    billing: plan.billing,
    status: plan.status,
    startDate: plan.startDate.toISOString(),
    endDate: plan.endDate.toISOString(),
    feeCents,
    memberEmail: member?.isActive ? member.email : null,
    refund: {
      ...refund,
      // Without a payment the rule reads a fee of 0, which it calls below the minimum; the truth is there is nothing paid.
      message:
        feeCents === null && refund.reason === 'BELOW_MINIMUM' ? REFUND_MESSAGES.noPayment : refundExplanation(refund, feeCents ?? 0),
    },
    issued: issued
      ? { status: issued.status, amountCents: issued.amountCents, refundedAt: issued.refundedAt?.toISOString() ?? null }
      : null,
  }
}

/**
 * Step 1, under the plan's row lock: decide the amount by the policy and record the attempt PENDING, or take over an
 * attempt that failed or died with the amount it recorded. A refund paid, or an attempt still running, is refused.
 */
async function beginAttempt(ports: Uses<'database' | 'payments'>, admin: Principal, subscriptionId: string, now: Date) {
  return ports.database.db.transaction(async (tx) => {
    const plan = await lockPlanById(tx, subscriptionId)
    if (!plan) throw new AppError('NOT_FOUND', REFUND_MESSAGES.notFound)
    const payment = await findPayment(tx, plan)
    const existing = await findRefundOfPlan(tx, plan.id)
    if (existing?.status === 'REFUNDED') throw new AppError('CONFLICT', REFUND_REFUSALS.REFUNDED)
    if (existing?.status === 'PENDING' && now.getTime() - existing.attemptedAt.getTime() < REFUND_ATTEMPT_LEASE_MS) {
      throw new AppError('CONFLICT', REFUND_MESSAGES.inProgress)
    }
    if (existing) return { plan, payment, refund: await restartRefundAttempt(tx, existing.id, now) }

    const feeCents = feeOf(payment)
    const decision = decide(plan, feeCents, existing, now)
    if (decision.reason && decision.reason !== 'BELOW_MINIMUM') throw new AppError('CONFLICT', REFUND_REFUSALS[decision.reason])
    if (!payment || feeCents === null) throw new AppError('CONFLICT', REFUND_MESSAGES.noPayment)
    if (decision.reason) throw new AppError('CONFLICT', REFUND_REFUSALS[decision.reason])
    if (payment.provider !== ports.payments.name) throw new AppError('CONFLICT', REFUND_MESSAGES.otherProvider)
    if (wasRenewed(plan)) throw new AppError('CONFLICT', REFUND_MESSAGES.renewed)
    const refund = await insertPendingRefund(tx, {
      subscriptionId: plan.id,
      userId: plan.userId,
      transactionId: plan.transactionId,
      amountCents: decision.amountCents,
      provider: ports.payments.name,
      issuedBy: admin.id,
      attemptedAt: now,
    })
    if (!refund) throw new AppError('CONFLICT', REFUND_MESSAGES.inProgress)
    return { plan, payment, refund }
  })
}

/**
 * POST /admin/subscriptions/{id}/refund (docs/decisions/020). Three steps, so that money never leaves twice and no
 * database lock is held while the provider is called: (1) the amount is decided and recorded PENDING under the plan's
 * row lock; (2) the provider stops a renewing plan and pays the amount back, under the key `plan-refund:<plan id>`,
 * which answers the same refund however often it is asked; (3) under the lock again, the refund is recorded, the plan
 * ends, the member goes back to no plan, and the action log and the member's mail are written in that transaction.
 * A provider failure leaves the refund FAILED with nothing paid recorded; issuing again retries with the same amount
 * and key. A crash between (2) and (3) leaves it PENDING, and after REFUND_ATTEMPT_LEASE_MS a new call finishes it.
 */
export async function issuePlanRefund(
  ports: Uses<'database' | 'clock' | 'payments' | 'secretKey' | 'log'>,
  admin: Principal,
  subscriptionId: string,
): Promise<PlanRefundIssued> {
  const db = ports.database.db
  const attemptedAt = ports.clock.now()
  const { plan, payment, refund } = await beginAttempt(ports, admin, subscriptionId, attemptedAt)

  let providerRefundId: string
  try {
    if (plan.providerSubscriptionId) await ports.payments.cancelAtPeriodEnd(plan.providerSubscriptionId)
    const paid = await ports.payments.refund({
      paymentIntentId: payment?.paymentIntentId ?? null,
      sessionId: payment?.providerSessionId ?? null,
      amountCents: refund.amountCents,
      idempotencyKey: `plan-refund:${plan.id}`,
      metadata: { subscriptionId: plan.id, ...(payment ? { confirmationNumber: payment.confirmationNumber } : {}) },
    })
    providerRefundId = paid.refundId
  } catch (error) {
    ports.log.error({ err: error, subscriptionId: plan.id, refundId: refund.id }, 'payment provider did not refund a plan')
    await markRefundFailed(db, refund.id, refund.attemptedAt, (error as Error).message.slice(0, 500))
    throw new AppError('SERVICE_UNAVAILABLE', REFUND_MESSAGES.providerFailed)
  }

  const refundedAt = ports.clock.now()
  await db.transaction(async (tx) => {
    await lockPlanById(tx, plan.id)
    const recorded = await markRefunded(tx, refund.id, { providerRefundId, refundedAt })
    // Another attempt, which took this one over as dead, recorded the same provider refund first.
    if (!recorded) throw new AppError('CONFLICT', REFUND_REFUSALS.REFUNDED)
    await endPlanNow(tx, plan.id, refundedAt)
    // As the expiry sweep does: the member's row is locked before the check, so a plan bought meanwhile keeps its tier.
    await lockUsers(tx, [plan.userId])
    const running = await findMembersWithRunningPlan(tx, [plan.userId])
    if (!running.has(plan.userId)) await clearSubscriptionTiers(tx, [plan.userId], refundedAt)
    await recordAction(tx, {
      actorId: admin.id,
      action: 'PLAN_REFUNDED',
      targetType: 'subscription',
      targetId: plan.id,
      details: {
        amountCents: refund.amountCents,
        userId: plan.userId,
        confirmationNumber: payment?.confirmationNumber ?? null,
        providerRefundId,
      },
    })
    const member = (await findUserNames(tx, [plan.userId])).get(plan.userId)
    if (member) {
      const mail = await renderMail(
        planRefundMail(
          plan,
          { amountCents: refund.amountCents, confirmationNumber: payment?.confirmationNumber ?? null },
          { fname: member.fname },
        ),
      )
      await enqueueMail(tx, { ...mail, to: member.email, dedupeKey: `plan-refund:${refund.id}` }, ports.secretKey)
    }
  })
  ports.log.info({ subscriptionId: plan.id, amountCents: refund.amountCents }, 'plan refunded')
  return {
    message: REFUND_MESSAGES.issued(refund.amountCents),
    subscriptionId: plan.id,
    amountCents: refund.amountCents,
    refundedAt: refundedAt.toISOString(),
  }
}

/**
 * POST /user/subscription/refund-request (docs/decisions/032): the member's second honest choice beside cancelling at
 * the period's end. Under the plan's row lock, the policy decides the refund today (the same rule the super admin pays
 * by); a plan the policy refunds nothing is refused with the policy's reason, so nobody asks for what will not come.
 * The plan stops renewing at once and carries the request; a super admin pays it, which ends the plan.
 */
export async function requestPlanRefund(ports: Uses<'database' | 'clock' | 'payments'>, userId: string) {
  const now = ports.clock.now()
  const { plan, amountCents } = await ports.database.db.transaction(async (tx) => {
    const latest = await findLatestPlan(tx, userId)
    const plan = latest && (await lockPlanById(tx, latest.id))
    if (!plan || plan.status === 'EXPIRED' || plan.endDate.getTime() <= now.getTime()) {
      throw new AppError('CONFLICT', REFUND_MESSAGES.noPlanToRefund)
    }
    const [payment, existing] = await Promise.all([findPayment(tx, plan), findRefundOfPlan(tx, plan.id)])
    if (existing?.status === 'REFUNDED') throw new AppError('CONFLICT', REFUND_REFUSALS.REFUNDED)
    if (plan.refundRequestedAt || existing) throw new AppError('CONFLICT', REFUND_MESSAGES.alreadyRequested)
    const feeCents = feeOf(payment)
    if (feeCents === null) throw new AppError('CONFLICT', REFUND_MESSAGES.noPayment)
    const decision = decide(plan, feeCents, existing, now)
    if (decision.reason) throw new AppError('CONFLICT', `No refund: ${refundExplanation(decision, feeCents)}`)
    await markRefundRequested(tx, plan.id, now)
    await recordAction(tx, {
      actorId: userId,
      action: 'PLAN_REFUND_REQUESTED',
      targetType: 'subscription',
      targetId: plan.id,
      details: { amountCents: decision.amountCents, userId, confirmationNumber: payment?.confirmationNumber ?? null },
    })
    return { plan, amountCents: decision.amountCents }
  })
  if (plan.providerSubscriptionId) await ports.payments.cancelAtPeriodEnd(plan.providerSubscriptionId)
  return { ...(await readUserSubscription(ports, userId)), message: REFUND_MESSAGES.requested(amountCents) }
}
