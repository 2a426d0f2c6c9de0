import { PROVIDER_REFUND_NOTE } from '@keydesk/contracts/disputes'
import type Stripe from 'stripe'
import type { DbExecutor } from '../../../db/database.ts'
import type { TransactionItem } from '../../../db/schema/payments.ts'
import type { Uses } from '../../../ports.ts'
import { latestActionsOn, recordAction } from '../../platform/index.ts'
import {
  completeFailedRefundAtProvider,
  listKeycodeRefundsOfOrder,
  markRefundFailedAtProvider,
  recordRefundAtProvider,
} from '../keycode-refunds/provider-refund-repository.ts'
import type { KeycodeRefundRow } from '../keycode-refunds/repository.ts'
import { giveBackBasicDiscount } from '../orders/basic-discount-repository.ts'
import { findPaidTransactionByPaymentIntent, lockTransaction } from '../orders/provider-payment-repository.ts'
import { listTransactionRequestIds, refreshOrderStatus, type TransactionRow } from '../orders/repository.ts'
import { leastStatusOf, lockRequests } from '../requests/lifecycle-repository.ts'
import { markRequestRefundedAtProvider } from '../requests/provider-refund-repository.ts'
import { publishRequestStatusChanges } from '../requests/status-events.ts'
import { sumPlanRefundsOfOrders } from '../subscriptions/refund-repository.ts'

type Ports = Uses<'database' | 'clock' | 'events' | 'log'>

/** The action log's entry for the part of a provider's refund no whole line accounts for, kept for a super admin. */
export const UNMATCHED_REFUND_ACTION = 'PROVIDER_REFUND_UNMATCHED'

const reference = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id

/** A keycode line of the checkout, in checkout order, with what it charged. */
const keycodeLines = (items: TransactionItem[]) =>
  items.flatMap((item) => (item.kind === 'KEYCODE' && item.vehicleRequestId ? [{ ...item, vehicleRequestId: item.vehicleRequestId }] : []))

/** A line Keydesk has paid back, or is paying back right now: its money is already accounted for at the provider. */
const accounts = (refund: KeycodeRefundRow | undefined) => refund?.status === 'REFUNDED' || refund?.status === 'PENDING'

/**
 * The refund a dashboard refund is recorded under: the newest the charge lists that Keydesk did not make (its own carry
 * `keydesk_refund_key`) and no line holds yet. Stripe lists a charge's refunds in the event only on older API versions;
 * without the list the lines are recorded without an id.
 */
function dashboardRefundId(charge: Stripe.Charge, known: Set<string>): string | null {
  const listed = charge.refunds?.data ?? []
  const outside = listed.filter((refund) => !refund.metadata?.keydesk_refund_key && !known.has(refund.id))
  outside.sort((a, b) => b.created - a.created)
  return outside[0]?.id ?? null
}

/**
 * `charge.refunded` (docs/decisions/028): money went back on a checkout's payment. Stripe sends it for every refund,
 * Keydesk's own included, and says how much of the charge is refunded in all (`amount_refunded`). What Keydesk has not
 * recorded (that total less its keycode refunds paid or under way and its plan refunds) was refunded in the dashboard:
 * it is recorded on the checkout's keycode lines in checkout order, each line only when what is left covers it whole,
 * stopping at the first that is not covered; a remainder no whole line accounts for is logged for a super admin. Because
 * the total only grows and is compared with what is recorded, a second delivery, or an older event arriving late, finds
 * nothing left to record.
 */
export async function applyChargeRefunded(ports: Ports, charge: Stripe.Charge) {
  const paymentIntentId = reference(charge.payment_intent)
  const order = paymentIntentId ? await findPaidTransactionByPaymentIntent(ports.database.db, paymentIntentId) : undefined
  if (!order) {
    ports.log.warn({ chargeId: charge.id, paymentIntentId }, 'refund of a payment no paid order holds; ignored')
    return
  }
  const now = ports.clock.now()
  const ended = await ports.database.db.transaction(async (tx) => {
    // The lines' rows first, as a refund and a release take them, then the order's: deliveries queue behind each other.
    await lockRequests(tx, await listTransactionRequestIds(tx, order.id))
    await lockTransaction(tx, order.id)
    const refunds = new Map(
      (await listKeycodeRefundsOfOrder(tx, order.id)).flatMap((row) =>
        row.vehicleRequestId ? [[row.vehicleRequestId, row] as const] : [],
      ),
    )
    const keydeskCents =
      [...refunds.values()].filter(accounts).reduce((sum, row) => sum + row.amountCents, 0) +
      ((await sumPlanRefundsOfOrders(tx, [order.id])).get(order.id) ?? 0)
    let leftCents = charge.amount_refunded - keydeskCents
    if (leftCents <= 0) return []

    const known = new Set([...refunds.values()].flatMap((row) => (row.providerRefundId ? [row.providerRefundId] : [])))
    let providerRefundId = dashboardRefundId(charge, known)
    const ended: { id: string; userId: string | null }[] = []
    for (const line of keycodeLines(order.items)) {
      const existing = refunds.get(line.vehicleRequestId)
      if (accounts(existing) || line.amountCents === 0) continue
      if (line.amountCents > leftCents) break
      const values = { providerRefundId, refundedAt: now, note: PROVIDER_REFUND_NOTE }
      const recorded = existing
        ? await completeFailedRefundAtProvider(tx, existing.id, values)
        : await recordRefundAtProvider(tx, {
            ...values,
            vehicleRequestId: line.vehicleRequestId,
            transactionId: order.id,
            userId: order.userId,
            amountCents: line.amountCents,
            provider: order.provider,
          })
      if (!recorded) continue
      leftCents -= line.amountCents
      // One provider refund is recorded on one line (the index is unique); the other lines it covers name it in the log.
      const loggedRefundId = providerRefundId
      providerRefundId = null
      const request = await markRequestRefundedAtProvider(tx, line.vehicleRequestId, now)
      if (request) ended.push(request)
      await refreshOrderStatus(tx, line.vehicleRequestId, leastStatusOf)
      if (order.usesBasicDiscount && line.pricing?.discountRule === 'BASIC_MONTHLY') await giveBackBasicDiscount(tx, order.id)
      await recordAction(tx, {
        actorId: null,
        action: 'KEYCODE_REFUNDED_AT_PROVIDER',
        targetType: 'vehicle_request',
        targetId: line.vehicleRequestId,
        details: {
          amountCents: line.amountCents,
          confirmationNumber: order.confirmationNumber,
          providerRefundId: loggedRefundId ?? dashboardRefundId(charge, new Set()),
          chargeId: charge.id,
        },
      })
    }
    if (leftCents > 0) await logUnmatched(tx, order, charge, leftCents)
    return ended
  })
  await publishRequestStatusChanges(
    ports,
    ended.flatMap((request) => (request.userId ? [{ userId: request.userId, requestId: request.id, status: 'REFUNDED' as const }] : [])),
  )
  if (ended.length > 0) ports.log.info({ transactionId: order.id, lines: ended.length }, 'keycode lines refunded at the provider recorded')
}

/** Logs once per refunded total the part of it no whole line accounts for (a partial refund, or a plan's share). */
async function logUnmatched(tx: DbExecutor, order: TransactionRow, charge: Stripe.Charge, unmatchedCents: number) {
  const [latest] = await latestActionsOn(tx, 'transaction', [order.id], [UNMATCHED_REFUND_ACTION])
  if (latest?.details.amountRefundedCents === charge.amount_refunded) return
  await recordAction(tx, {
    actorId: null,
    action: UNMATCHED_REFUND_ACTION,
    targetType: 'transaction',
    targetId: order.id,
    details: {
      unmatchedCents,
      amountRefundedCents: charge.amount_refunded,
      confirmationNumber: order.confirmationNumber,
      userId: order.userId,
      chargeId: charge.id,
    },
  })
}

/**
 * `charge.refund.updated` and `refund.failed` with the status failed: a refund the provider accepted did not reach the
 * buyer. Its keycode line's refund becomes FAILED with the provider's reason, which the back office lists; the order
 * stays ended (its hold kept), since paying the buyer is what is still owed, not the code. A second delivery finds it
 * FAILED already and changes nothing.
 */
export async function applyRefundFailed(ports: Ports, refund: Stripe.Refund) {
  if (refund.status !== 'failed') return
  const reason = refund.failure_reason ?? 'unknown'
  const failed = await ports.database.db.transaction(async (tx) => {
    const row = await markRefundFailedAtProvider(tx, refund.id, `The payment provider reported the refund failed: ${reason}`)
    if (!row) return null
    await recordAction(tx, {
      actorId: null,
      action: 'REFUND_FAILED_AT_PROVIDER',
      targetType: 'vehicle_request',
      targetId: row.vehicleRequestId ?? row.id,
      details: { amountCents: row.amountCents, providerRefundId: refund.id, failureReason: reason, userId: row.userId },
    })
    return row
  })
  if (failed) ports.log.error({ providerRefundId: refund.id, reason, refundId: failed.id }, 'a keycode refund failed at the provider')
  else
    ports.log.warn(
      { providerRefundId: refund.id, reason },
      'a refund no keycode line holds failed at the provider, or was recorded failed already',
    )
}
