import { KEYCODE_REFUND_MESSAGES, type KeycodeRefundReason } from '@keydesk/contracts/keycode-refunds'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import type { Principal, Uses } from '../../../ports.ts'
import {
  answerOpenReportsByRefund,
  findPaymentOfRequest,
  findRefundOfRequest,
  giveBackBasicDiscount,
  holdForRefund,
  insertPendingKeycodeRefund,
  leastStatusOf,
  lockRefundableRequest,
  mailBatchDoneOnce,
  markKeycodeRefunded,
  markKeycodeRefundFailed,
  markRequestRefunded,
  publishRequestStatusChanges,
  REFUND_ATTEMPT_LEASE_MS,
  refreshOrderStatus,
  releaseRefundHold,
  restartKeycodeRefund,
} from '../../ordering/index.ts'
import { enqueueMail, recordAction, renderMail } from '../../platform/index.ts'
import { buyerMailAddress } from './buyer-mail-address.ts'
import { keycodeRefundMail } from './keycode-refund-mail.ts'

type Payment = NonNullable<Awaited<ReturnType<typeof findPaymentOfRequest>>>

/** What the request's line of its checkout charged: the amount recorded when it was paid, else the checkout's line. */
function lineAmountCents(request: { id: string; paidPriceCents: number | null }, payment: Payment) {
  if (request.paidPriceCents !== null) return request.paidPriceCents
  return payment.items.find((item) => item.vehicleRequestId === request.id)?.amountCents ?? 0
}

/** The checkout line of this request spent the Basic plan month's one discounted keycode. */
const usedBasicDiscount = (requestId: string, payment: Payment) =>
  payment.usesBasicDiscount &&
  payment.items.some((item) => item.vehicleRequestId === requestId && item.pricing?.discountRule === 'BASIC_MONTHLY')

/** One keycode line to pay back, and why. */
export interface LineRefund {
  requestId: string
  reason: KeycodeRefundReason
  /** The team's words to the buyer, shown in the mail and on the order. */
  note: string
  /**
   * A released line may be paid back on the policy's other grounds (a super admin's refund, a problem report's answer);
   * "No keycode available" cannot be said of an order whose keycode went out.
   */
  releasedAllowed: boolean
  /** Checked under the order's row lock before the order is held (that a problem report is still open). */
  alsoCheck?: (tx: DbExecutor) => Promise<void>
  /** Written in the refund's own transaction once the provider has paid (a problem report's answer). */
  alsoRecord?: (tx: DbExecutor, refundedAt: Date) => Promise<void>
}

/**
 * Step 1, under the request's row lock: refuse what cannot be refunded, hold the order so that no release can follow,
 * and record the attempt PENDING with its amount; or take over an attempt that failed or died, amount unchanged.
 */
async function beginAttempt(ports: Uses<'database' | 'payments'>, actor: Principal, line: LineRefund, now: Date) {
  return ports.database.db.transaction(async (tx) => {
    const request = await lockRefundableRequest(tx, line.requestId)
    if (!request) throw new AppError('NOT_FOUND', KEYCODE_REFUND_MESSAGES.notFound)
    const existing = await findRefundOfRequest(tx, request.id)
    if (request.status === 'REFUNDED' || existing?.status === 'REFUNDED') throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.refunded)
    if (request.status === 'FULFILLED' && !line.releasedAllowed) throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.released)
    await line.alsoCheck?.(tx)
    if (!request.paidAt) throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.notPaid)
    if (existing?.status === 'PENDING' && now.getTime() - existing.attemptedAt.getTime() < REFUND_ATTEMPT_LEASE_MS) {
      throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.inProgress)
    }
    const payment = await findPaymentOfRequest(tx, request.id)
    if (!payment) throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.notPaid)
    if (payment.provider !== ports.payments.name) throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.otherProvider)
    // A failed attempt gave its hold back; one that died still holds the order.
    if (!request.refundHeldAt && !(await holdForRefund(tx, request.id, now, line.releasedAllowed))) {
      throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.inProgress)
    }
    const attempt = { attemptedAt: now, reason: line.reason, note: line.note, issuedBy: actor.id }
    if (existing) return { request, payment, refund: await restartKeycodeRefund(tx, existing.id, attempt) }
    const refund = await insertPendingKeycodeRefund(tx, {
      ...attempt,
      vehicleRequestId: request.id,
      transactionId: payment.transactionId,
      userId: request.userId,
      amountCents: lineAmountCents(request, payment),
      provider: ports.payments.name,
    })
    if (!refund) throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.inProgress)
    return { request, payment, refund }
  })
}

export type RefundPorts = Uses<'database' | 'clock' | 'config' | 'payments' | 'secretKey' | 'events' | 'log'>

/**
 * Pays one keycode line back in full (docs/decisions/026 and 027): every path to a keycode refund goes through here.
 * As a plan refund (decision 020), three steps, so that money never leaves twice and no lock is held across the
 * network: (1) the order is held and the attempt recorded; (2) the provider pays the line back under the key
 * `keycode-refund:<request id>`; (3) the refund, the order's end, the Basic discount given back, the action log and the
 * buyer's mail are written in one transaction. A provider failure records the attempt FAILED, gives the hold back (the
 * order returns to where it was) and answers 503; the same call retries with the same key.
 */
export async function refundKeycodeLine(ports: RefundPorts, actor: Principal, line: LineRefund) {
  const db = ports.database.db
  const { request, payment, refund } = await beginAttempt(ports, actor, line, ports.clock.now())

  let providerRefundId: string | null = null
  // A line that charged nothing (a plan's free keycode) has nothing to pay back; the provider refuses a refund of $0.
  if (refund.amountCents > 0) {
    try {
      const paid = await ports.payments.refund({
        paymentIntentId: payment.paymentIntentId,
        sessionId: payment.providerSessionId,
        amountCents: refund.amountCents,
        idempotencyKey: `keycode-refund:${request.id}`,
        metadata: { vehicleRequestId: request.id, confirmationNumber: payment.confirmationNumber },
      })
      providerRefundId = paid.refundId
    } catch (error) {
      ports.log.error({ err: error, vehicleRequestId: request.id, refundId: refund.id }, 'payment provider did not refund a keycode line')
      await db.transaction(async (tx) => {
        await lockRefundableRequest(tx, request.id)
        if (await markKeycodeRefundFailed(tx, refund.id, refund.attemptedAt, (error as Error).message.slice(0, 500))) {
          await releaseRefundHold(tx, request.id)
        }
      })
      throw new AppError('SERVICE_UNAVAILABLE', KEYCODE_REFUND_MESSAGES.providerFailed)
    }
  }

  const refundedAt = ports.clock.now()
  const ownerId = await db.transaction(async (tx) => {
    await lockRefundableRequest(tx, request.id)
    const recorded = await markKeycodeRefunded(tx, refund.id, { providerRefundId, refundedAt })
    // Another attempt, which took this one over as dead, recorded the same provider refund first.
    if (!recorded) throw new AppError('CONFLICT', KEYCODE_REFUND_MESSAGES.refunded)
    await markRequestRefunded(tx, request.id, refundedAt)
    await refreshOrderStatus(tx, request.id, leastStatusOf)
    if (usedBasicDiscount(request.id, payment)) await giveBackBasicDiscount(tx, payment.transactionId)
    await line.alsoRecord?.(tx, refundedAt)
    await answerOpenReportsByRefund(tx, request.id, { answerNote: line.note, answeredBy: actor.id, answeredAt: refundedAt })
    // A refund may be what ends a bulk batch: its member is then told once, as after a last release.
    await mailBatchDoneOnce(ports, tx, request.id)
    await recordAction(tx, {
      actorId: actor.id,
      action: 'KEYCODE_REFUNDED',
      targetType: 'vehicle_request',
      targetId: request.id,
      details: {
        reason: recorded.reason,
        note: recorded.note,
        amountCents: recorded.amountCents,
        confirmationNumber: payment.confirmationNumber,
        providerRefundId,
      },
    })

    const address = await buyerMailAddress(tx, ports.config.publicUrl, request, payment.customerEmail, refundedAt)
    if (address === null) {
      ports.log.warn({ vehicleRequestId: request.id }, 'keycode order refunded with no address to mail it to')
      return request.userId
    }
    const mail = await renderMail(
      keycodeRefundMail({
        firstName: address.firstName,
        vehicle: { year: request.year, make: request.make, model: request.model, vinLast4: request.vin.slice(-4) },
        confirmationNumber: payment.confirmationNumber,
        reason: recorded.reason,
        note: recorded.note,
        amountCents: recorded.amountCents,
        orderUrl: address.orderUrl,
        isGuest: address.isGuest,
      }),
    )
    await enqueueMail(tx, { ...mail, to: address.to, dedupeKey: `keycode-refund:${refund.id}` }, ports.secretKey)
    return request.userId
  })
  if (ownerId) await publishRequestStatusChanges(ports, [{ userId: ownerId, requestId: request.id, status: 'REFUNDED' }])
  ports.log.info({ vehicleRequestId: request.id, amountCents: refund.amountCents }, 'keycode order refunded')
  return { vehicleRequestId: request.id, amountCents: refund.amountCents, refundedAt: refundedAt.toISOString() }
}
