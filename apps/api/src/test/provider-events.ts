import { signedEvent } from './payments.ts'
import type { TestApp } from './test-app.ts'

/*
 * Stripe-format events about a payment after its checkout, signed with the app's webhook secret, for tests of the
 * refund and dispute webhooks (docs/decisions/028).
 */

let counter = 0
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${++counter}`

/** A refund as Stripe lists it on a charge; `keydeskKey` marks one Keydesk made itself. */
export const listedRefund = (id: string, amountCents: number, keydeskKey?: string) => ({
  id,
  object: 'refund',
  amount: amountCents,
  status: 'succeeded',
  created: Math.floor(Date.now() / 1000) + counter++,
  metadata: keydeskKey ? { keydesk_refund_key: keydeskKey } : {},
})

/** `charge.refunded`: the charge of `paymentIntentId` is now refunded by `amountRefunded` cents in all. */
export function chargeRefunded(
  testApp: TestApp,
  paymentIntentId: string,
  amountRefunded: number,
  refunds: ReturnType<typeof listedRefund>[] = [],
) {
  return signedEvent(testApp, 'charge.refunded', {
    id: `ch_for_${paymentIntentId}`,
    object: 'charge',
    payment_intent: paymentIntentId,
    amount_refunded: amountRefunded,
    refunded: true,
    refunds: { object: 'list', data: refunds, has_more: false },
  })
}

/** A refund's update with the status failed, as `charge.refund.updated` or `refund.failed`. */
export function refundFailed(
  testApp: TestApp,
  refundId: string,
  paymentIntentId: string,
  type: 'charge.refund.updated' | 'refund.failed' = 'charge.refund.updated',
) {
  return signedEvent(testApp, type, {
    id: refundId,
    object: 'refund',
    amount: 6000,
    payment_intent: paymentIntentId,
    status: 'failed',
    failure_reason: 'expired_or_canceled_card',
  })
}

/** `charge.dispute.created` or `charge.dispute.closed` on the payment `paymentIntentId`. */
export function disputeEvent(
  testApp: TestApp,
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  dispute: { id?: string; paymentIntentId: string; amountCents?: number; status?: string; reason?: string },
) {
  const id = dispute.id ?? nextId('dp')
  return {
    id,
    event: signedEvent(testApp, type, {
      id,
      object: 'dispute',
      amount: dispute.amountCents ?? 6000,
      charge: `ch_for_${dispute.paymentIntentId}`,
      payment_intent: dispute.paymentIntentId,
      reason: dispute.reason ?? 'fraudulent',
      status: dispute.status ?? 'needs_response',
    }),
  }
}
