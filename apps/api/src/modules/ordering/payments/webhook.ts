import type Stripe from 'stripe'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import { closeUnpaidTransaction } from '../orders/repository.ts'
import { extendProviderPlan } from '../subscriptions/repository.ts'
import { type FulfilmentPorts, fulfilPayment } from './fulfilment.ts'
import { sessionFromStripe } from './provider.ts'
import { applyDisputeClosed, applyDisputeCreated } from './provider-disputes.ts'
import { applyChargeRefunded, applyRefundFailed } from './provider-refunds.ts'

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
