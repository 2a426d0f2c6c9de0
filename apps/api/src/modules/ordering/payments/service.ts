import { toDollars } from '@keydesk/contracts/money'
import { type CreateCheckoutSessionBody, PAYMENT_MESSAGES, type PaymentSession } from '@keydesk/contracts/payments'
import type { RequestStatus } from '@keydesk/contracts/request-status'
import { dueAtFor } from '@keydesk/contracts/service-levels'
import { PERIOD_DAYS } from '@keydesk/contracts/subscription'
import type Stripe from 'stripe'
import type { DbExecutor } from '../../../db/database.ts'
import type { TransactionItem } from '../../../db/schema/payments.ts'
import { AppError } from '../../../errors.ts'
import type { ProviderSession, Uses } from '../../../ports.ts'
import { assertMayOrderFor, findUserEmail, setSubscriptionTier } from '../../accounts/index.ts'
import { enqueueMail, renderMail } from '../../platform/index.ts'
import { listPricedCartItems } from '../cart/priced-items.ts'
import { type CartOwner, listCartRequestIds, removePlanFromCart, removeRequestsFromCarts } from '../cart/repository.ts'
import {
  closeUnpaidTransaction,
  deleteTransaction,
  findTransactionBySession,
  findTransactionOwner,
  insertTransaction,
  listTransactionRequestIds,
  lockTransactionBySession,
  markTransactionPaid,
  setProviderSession,
  type TransactionRow,
} from '../orders/repository.ts'
import { findRequestProgress, findVehicles, lockRequests, markRequestsPaid } from '../requests/repository.ts'
import { publishRequestStatusChanges } from '../requests/status-events.ts'
import { findMemberHolding } from '../subscriptions/member-holding.ts'
import { endRunningPlans, extendProviderPlan, insertPlan } from '../subscriptions/repository.ts'
import { checkoutLines } from './checkout-lines.ts'
import { orderConfirmationMail } from './confirmation-mail.ts'
import { newConfirmationNumber } from './confirmation-number.ts'
import { CHECKOUT_SESSION_TTL_MS } from './open-checkouts.ts'
import { sessionFromStripe } from './provider.ts'
import { applyDisputeClosed, applyDisputeCreated } from './provider-disputes.ts'
import { providerLines } from './provider-lines.ts'
import { applyChargeRefunded, applyRefundFailed } from './provider-refunds.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Return addresses are accepted only on our own origins, so a checkout cannot send a payer to another site.
 * With PUBLIC_URL set (production) that is PUBLIC_URL and CORS_ORIGINS only; without it (development) the origin
 * the request was sent to counts too, so the app works from any address of the machine.
 */
export function assertOwnOrigin(ports: Uses<'config'>, requestOrigin: string | null, ...urls: string[]) {
  const own = new Set([new URL(ports.config.publicUrl).origin, ...ports.config.corsOrigins.map((origin) => new URL(origin).origin)])
  if (!ports.config.publicUrlConfigured && requestOrigin) own.add(requestOrigin)
  for (const url of urls) {
    if (!own.has(new URL(url).origin)) throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.foreignUrl)
  }
}

/**
 * POST /api/payments/create-checkout-session: charges what the server's cart says. The amount the browser sent
 * must match it (else the customer would pay a total they did not see); the transaction row is written before
 * the provider is called and removed again if the provider fails, so nothing is left half-made. The cart is priced
 * and its lines recorded in the one database transaction that locks the cart's requests: a vehicle change either
 * finished before (and this checkout prices the changed vehicle) or waits and then finds this checkout open.
 */
export async function createCheckoutSession(
  ports: Uses<'database' | 'clock' | 'payments' | 'log'>,
  owner: CartOwner,
  body: CreateCheckoutSessionBody,
) {
  const db = ports.database.db
  const now = ports.clock.now()
  const customerEmail = 'userId' in owner ? ((await findUserEmail(db, owner.userId)) ?? null) : null
  const confirmationNumber = newConfirmationNumber()
  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS)
  const { transaction, totalCents, lines } = await db.transaction(async (tx) => {
    // Locking the cart's requests also makes two checkouts of one cart decide one after the other whether Basic's
    // monthly discount is still unused (docs/decisions/021): the discount needs a covered request, which both hold.
    const requests = await lockRequests(tx, await listCartRequestIds(tx, owner))
    // An order placed for an Enterprise business is paid only by someone still ordering for it (docs/decisions/039).
    if ('userId' in owner) await assertMayOrderFor(tx, owner.userId, requests)
    // What the buyer holds when the checkout opens prices its keycodes and sets their deadline (docs/decisions/016,
    // 021); guests hold nothing. A plan bought in the same checkout counts from its payment on, for later orders.
    const { holding, items } = await listPricedCartItems(tx, owner, now)
    if (items.length === 0) throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.emptyCart)
    const { totalCents, lines } = checkoutLines(items, holding.priceHolder.tier)
    if (body.amount !== totalCents) throw new AppError('CONFLICT', PAYMENT_MESSAGES.amountChanged)
    await attachVehicles(tx, lines)
    const transaction = await insertTransaction(
      tx,
      {
        confirmationNumber,
        userId: 'userId' in owner ? owner.userId : null,
        guestId: 'guestId' in owner ? owner.guestId : null,
        customerEmail,
        amountCents: totalCents,
        items: lines,
        provider: ports.payments.name,
        expiresAt,
        usesBasicDiscount: items.some((item) => item.discountRule === 'BASIC_MONTHLY'),
        // By the app's clock, like the plan months it is counted in.
        createdAt: now,
        servicePlan: holding.servicePlan,
      },
      lines.flatMap((line) => (line.vehicleRequestId ? [line.vehicleRequestId] : [])),
    )
    return { transaction, totalCents, lines }
  })

  let session: { sessionId: string; url: string }
  try {
    session = await ports.payments.createCheckoutSession({
      transactionId: transaction.id,
      confirmationNumber,
      amountCents: totalCents,
      lines: providerLines(lines),
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
      customerEmail,
      expiresAt,
    })
  } catch (error) {
    ports.log.error({ err: error, transactionId: transaction.id }, 'payment provider refused to create a checkout session')
    await deleteTransaction(db, transaction.id)
    throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.createFailed)
  }
  await setProviderSession(db, transaction.id, session.sessionId)
  return { url: session.url, sessionId: session.sessionId, confirmationNumber }
}

/** Each keycode line records the vehicle it pays for, so the amount and the vehicle are kept together. */
async function attachVehicles(tx: DbExecutor, lines: TransactionItem[]) {
  const requestIds = lines.flatMap((line) => (line.vehicleRequestId ? [line.vehicleRequestId] : []))
  if (requestIds.length === 0) return
  const vehicles = await findVehicles(tx, requestIds)
  const byId = new Map(vehicles.map(({ id, ...vehicle }) => [id, vehicle]))
  for (const line of lines) {
    const vehicle = line.vehicleRequestId ? byId.get(line.vehicleRequestId) : undefined
    if (vehicle) line.vehicle = vehicle
  }
}

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

type FulfilmentPorts = Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events' | 'log'>

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

async function closeUnpaid(ports: Uses<'database' | 'clock'>, sessionId: string, status: 'FAILED' | 'EXPIRED') {
  await closeUnpaidTransaction(ports.database.db, sessionId, status, ports.clock.now())
}

/** A Stripe plan renewed: its period end moves to the end of the invoice's period. */
async function extendRenewedPlan(ports: Uses<'database'>, invoice: Stripe.Invoice) {
  const reference = invoice.parent?.subscription_details?.subscription
  const subscriptionId = typeof reference === 'string' ? reference : reference?.id
  const periodEnd = Math.max(0, ...invoice.lines.data.map((line) => line.period.end))
  if (!subscriptionId || periodEnd === 0) return
  await extendProviderPlan(ports.database.db, subscriptionId, new Date(periodEnd * 1000))
}

/** POST /api/payments/webhook: the signature is checked against the raw body before anything is read from it. */
export async function receiveWebhook(ports: FulfilmentPorts & Uses<'payments'>, rawBody: string | Buffer, signature: string | undefined) {
  let event: Stripe.Event
  try {
    event = ports.payments.verifyEvent(rawBody, signature)
  } catch (error) {
    ports.log.warn({ reason: (error as Error).message }, 'payment webhook with a bad signature refused')
    throw new AppError('BAD_REQUEST', 'Invalid webhook signature.')
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = sessionFromStripe(event.data.object)
      // A delayed payment method completes the session unpaid; its async_payment_succeeded event fulfils it.
      if (session.paid) await fulfilPayment(ports, session)
      break
    }
    case 'checkout.session.async_payment_failed':
      await closeUnpaid(ports, event.data.object.id, 'FAILED')
      break
    case 'checkout.session.expired':
      await closeUnpaid(ports, event.data.object.id, 'EXPIRED')
      break
    case 'invoice.paid':
      await extendRenewedPlan(ports, event.data.object)
      break
    // Refunds and disputes made at the provider (docs/decisions/028).
    case 'charge.refunded':
      await applyChargeRefunded(ports, event.data.object)
      break
    case 'charge.refund.updated':
    case 'refund.failed':
      await applyRefundFailed(ports, event.data.object)
      break
    case 'charge.dispute.created':
      await applyDisputeCreated(ports, event.data.object)
      break
    case 'charge.dispute.closed':
      await applyDisputeClosed(ports, event.data.object)
      break
    default:
      ports.log.debug({ type: event.type }, 'payment webhook event ignored')
  }
  return { received: true }
}

/** A paid keycode line's state and deadline, from its request as it stands now. */
const PAID_LINE_STATES = { PENDING: 'WAITING', INPROGRESS: 'IN_PROGRESS', FULFILLED: 'DELIVERED', REFUNDED: 'REFUNDED' } as const

function stateOf(request: { status: RequestStatus; dueAt: Date | null } | undefined) {
  if (!request) return {}
  return { state: PAID_LINE_STATES[request.status], dueAt: request.dueAt?.toISOString() ?? null }
}

/**
 * POST /api/payments/process-payment-success: asks the provider, never the browser, whether the session was
 * paid. An order placed by an account is shown only to that account; a guest's order to whoever holds its
 * session id (an unguessable 48-hex-digit secret handed to the payer's browser alone).
 */
export async function processPaymentSuccess(
  ports: FulfilmentPorts & Uses<'payments'>,
  callerId: string | null,
  id: string,
): Promise<PaymentSession> {
  const session = await ports.payments.retrieveSession(id)
  if (!session) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.unknownSession)
  const existing = await findTransactionOwner(ports.database.db, session.sessionId)
  if (!existing || (existing.userId !== null && existing.userId !== callerId)) {
    throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.unknownSession)
  }
  const { row } = await fulfilPayment(ports, session)
  const requestIds = row.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : []))
  const progress = new Map(
    (row.status === 'PAID' ? await findRequestProgress(ports.database.db, requestIds) : []).map((request) => [request.id, request]),
  )
  return {
    sessionId: session.sessionId,
    status: row.status,
    amount: toDollars(row.amountCents),
    confirmationNumber: row.confirmationNumber,
    items: row.items.map((item) => {
      const request = item.vehicleRequestId ? progress.get(item.vehicleRequestId) : undefined
      return {
        name: item.name,
        description: item.description,
        amount: toDollars(item.amountCents),
        ...(row.status !== 'PAID' ? {} : item.kind === 'SUBSCRIPTION' ? { state: 'PLAN_ACTIVE' as const } : stateOf(request)),
      }
    }),
    receiptEmail: row.customerEmail,
    message: PAYMENT_MESSAGES.success,
    // Guests have no dashboard; their order link arrives by e-mail.
    requestIds: row.userId ? row.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : [])) : [],
  }
}
