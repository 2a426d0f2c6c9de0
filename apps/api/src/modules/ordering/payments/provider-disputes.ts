import type Stripe from 'stripe'
import type { DbExecutor } from '../../../db/database.ts'
import type { Uses } from '../../../ports.ts'
import { recordAction } from '../../platform/index.ts'
import { closeDispute, findDisputeByProviderId, type PaymentDisputeRow, recordDispute } from '../disputes/repository.ts'
import { findPaidTransactionByPaymentIntent } from '../orders/provider-payment-repository.ts'
import { listTransactionRequestIds } from '../orders/repository.ts'
import { lockRequests } from '../requests/lifecycle-repository.ts'
import { anyKeycodeReleased } from '../requests/provider-refund-repository.ts'

type Ports = Uses<'database' | 'clock' | 'log'>

const reference = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id

/**
 * Records a dispute once, in the caller's transaction. Whether a keycode of its checkout was out is read with the
 * checkout's request rows locked, so a release that was committing as the dispute arrived is either seen as released or
 * finds the dispute when it comes back to the rows.
 */
async function recordNewDispute(ports: Ports, tx: DbExecutor, dispute: Stripe.Dispute): Promise<PaymentDisputeRow | undefined> {
  const paymentIntentId = reference(dispute.payment_intent)
  const order = paymentIntentId ? await findPaidTransactionByPaymentIntent(tx, paymentIntentId) : undefined
  if (!order) {
    ports.log.warn({ disputeId: dispute.id, paymentIntentId }, 'dispute of a payment no paid order holds; ignored')
    return undefined
  }
  const requestIds = await listTransactionRequestIds(tx, order.id)
  await lockRequests(tx, requestIds)
  const releasedBefore = await anyKeycodeReleased(tx, requestIds)
  const recorded = await recordDispute(tx, {
    providerDisputeId: dispute.id,
    transactionId: order.id,
    userId: order.userId,
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: 'OPEN',
    releasedBefore,
    openedAt: ports.clock.now(),
  })
  if (!recorded) return undefined
  await recordAction(tx, {
    actorId: null,
    action: 'PAYMENT_DISPUTED',
    targetType: 'payment_dispute',
    targetId: recorded.id,
    details: {
      userId: order.userId,
      confirmationNumber: order.confirmationNumber,
      amountCents: dispute.amount,
      reason: dispute.reason,
      releasedBefore,
    },
  })
  ports.log.warn({ disputeId: dispute.id, transactionId: order.id, releasedBefore }, 'payment disputed')
  return recorded
}

/**
 * `charge.dispute.created` (docs/decisions/028): the buyer's card issuer disputes a checkout's payment. Recorded OPEN
 * once per provider dispute (a second delivery finds it there); while it is open the release gate refuses every line of
 * that checkout, and when a keycode of it was out already the member's further orders wait for a super admin's review.
 */
export async function applyDisputeCreated(ports: Ports, dispute: Stripe.Dispute) {
  await ports.database.db.transaction((tx) => recordNewDispute(ports, tx, dispute))
}

/**
 * `charge.dispute.closed`: the issuer decided. Lost moves the dispute to LOST (the money went back to the buyer); won,
 * and an inquiry closed without a chargeback, to WON. A close whose opening never arrived records the dispute first.
 * A dispute closed already is left as it is, so a second delivery changes nothing.
 */
export async function applyDisputeClosed(ports: Ports, dispute: Stripe.Dispute) {
  const status = dispute.status === 'lost' ? 'LOST' : 'WON'
  await ports.database.db.transaction(async (tx) => {
    // A delivery racing this one may have recorded it meanwhile: its insert then did nothing, and the row is read again.
    const known =
      (await findDisputeByProviderId(tx, dispute.id)) ??
      (await recordNewDispute(ports, tx, dispute)) ??
      (await findDisputeByProviderId(tx, dispute.id))
    if (!known) return
    const closed = await closeDispute(tx, dispute.id, { status, closedAt: ports.clock.now() })
    if (!closed) return
    await recordAction(tx, {
      actorId: null,
      action: 'DISPUTE_CLOSED',
      targetType: 'payment_dispute',
      targetId: closed.id,
      details: { userId: closed.userId, status, amountCents: closed.amountCents, providerStatus: dispute.status },
    })
  })
}
