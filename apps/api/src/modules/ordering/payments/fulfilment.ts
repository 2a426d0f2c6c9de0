import { PAYMENT_MESSAGES } from '@keydesk/contracts/payments'
import { dueAtFor } from '@keydesk/contracts/service-levels'
import { PERIOD_DAYS } from '@keydesk/contracts/subscription'
import { DAY_MS } from '@keydesk/contracts/time'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import type { ProviderSession, Uses } from '../../../ports.ts'
import { setSubscriptionTier } from '../../accounts/index.ts'
import { enqueueMail, renderMail } from '../../platform/index.ts'
import { removePlanFromCart, removeRequestsFromCarts } from '../cart/repository.ts'
import {
  findTransactionBySession,
  listTransactionRequestIds,
  lockTransactionBySession,
  markTransactionPaid,
  type TransactionRow,
} from '../orders/repository.ts'
import { markRequestsPaid } from '../requests/lifecycle-repository.ts'
import { publishRequestStatusChanges } from '../requests/status-events.ts'
import { findMemberHolding } from '../subscriptions/member-holding.ts'
import { endRunningPlans, insertPlan } from '../subscriptions/repository.ts'
import { orderConfirmationMail } from './confirmation-mail.ts'

/** A new plan replaces the running one (an upgrade); the unique index allows one running plan per user. */
async function activateSubscription(tx: DbExecutor, row: TransactionRow, session: ProviderSession, now: Date) {
  const plan = row.items.find((item) => item.kind === 'SUBSCRIPTION')
  if (!plan?.tier || !plan.billing || !row.userId) return
  await endRunningPlans(tx, row.userId, now)
  await insertPlan(tx, {
    userId: row.userId,
    tier: plan.tier,
    billing: plan.billing,
    startDate: now,
    endDate: new Date(now.getTime() + PERIOD_DAYS[plan.billing] * DAY_MS),
    transactionId: row.id,
    providerSubscriptionId: session.subscriptionId,
  })
  await setSubscriptionTier(tx, row.userId, plan.tier, now)
  await removePlanFromCart(tx, row.userId)
}

export type FulfilmentPorts = Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events' | 'log'>

/**
 * The one fulfilment (docs/decisions/008), called by every webhook delivery and by the success page. The
 * transaction row is locked first, so concurrent and repeated calls queue behind each other and all but the
 * first find it PAID and change nothing. Everything else happens in the same database transaction.
 */
export async function fulfilPayment(
  ports: FulfilmentPorts,
  session: ProviderSession,
): Promise<{ row: TransactionRow; fulfilledNow: boolean }> {
  const now = ports.clock.now()
  // A paid order never goes back, so a repeated delivery is answered from one plain read, without queueing
  // for the row lock and holding a pooled connection while it waits.
  const current = await findTransactionBySession(ports.database.db, session.sessionId)
  if (current?.status === 'PAID') return { row: current, fulfilledNow: false }
  const { queued, ...result } = await ports.database.db.transaction(async (tx) => {
    const row = await lockTransactionBySession(tx, session.sessionId)
    if (!row) {
      ports.log.warn({ sessionId: session.sessionId }, 'payment for an unknown checkout session refused')
      throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.unknownSession)
    }
    if (row.status === 'PAID') return { row, fulfilledNow: false, queued: [] }
    if (!session.paid) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notPaid)
    if (session.amountCents !== row.amountCents || session.currency !== row.currency) {
      ports.log.error(
        { transactionId: row.id, expected: row.amountCents, received: session.amountCents, currency: session.currency },
        'payment amount does not match the order; not fulfilled',
      )
      throw new AppError('CONFLICT', 'The amount paid does not match the order.')
    }

    const paid = await markTransactionPaid(tx, row.id, {
      paidAt: now,
      paymentIntentId: session.paymentIntentId,
      customerEmail: row.customerEmail ?? session.customerEmail,
      customerName: session.customerName ?? null,
      orderStatus: row.items.some((item) => item.kind === 'KEYCODE') ? 'PENDING' : 'FULFILLED',
      updatedAt: now,
    })
    if (!paid) throw new Error('transaction vanished while locked')

    // The keycodes keep the plan they were priced for; a checkout opened before that was recorded is served by
    // what the buyer held before this payment's own plan starts.
    const servicePlan = row.servicePlan ?? (await findMemberHolding(tx, paid.userId, now)).servicePlan
    await activateSubscription(tx, paid, session, now)
    const dueAt = dueAtFor(servicePlan, now)

    const requestIds = await listTransactionRequestIds(tx, row.id)
    let queued: { id: string; userId: string | null }[] = []
    if (requestIds.length > 0) {
      // Each request records what its own line charged, beside the vehicle that line named (frozen from here on).
      const paidCents = row.items.flatMap(({ vehicleRequestId, amountCents }) =>
        vehicleRequestId ? [{ vehicleRequestId, amountCents }] : [],
      )
      queued = await markRequestsPaid(tx, requestIds, paidCents, { paidAt: now, servicePlan, dueAt })
      if (queued.length !== requestIds.length) {
        // Paid in another checkout first (two tabs): the second charge is for support to refund (docs/decisions/008, 'Known limits').
        ports.log.warn({ transactionId: row.id, alreadyPaid: requestIds.length - queued.length }, 'order paid for requests already paid')
      }
      await removeRequestsFromCarts(tx, requestIds)
    }

    if (paid.customerEmail) {
      const mail = await renderMail(orderConfirmationMail(paid, ports.config.publicUrl, paid.userId === null))
      await enqueueMail(tx, { ...mail, to: paid.customerEmail, dedupeKey: `order-confirmation:${paid.id}` }, ports.secretKey)
    }
    ports.log.info({ transactionId: paid.id, confirmationNumber: paid.confirmationNumber }, 'order paid and queued')
    return { row: paid, fulfilledNow: true, queued }
  })
  // Only now, committed: a dashboard told of the change reads the request back and must find it queued.
  await publishRequestStatusChanges(
    ports,
    queued.flatMap((request) => (request.userId ? [{ userId: request.userId, requestId: request.id, status: 'PENDING' as const }] : [])),
  )
  return result
}
