import { createHmac, randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import type { Clock, Database, PaymentProvider, ProviderSession } from '../../../ports.ts'
import { WEBHOOK_TOLERANCE_SECONDS } from './provider.ts'
import {
  completeOpenSandboxSession,
  findOpenSandboxSession,
  findSandboxRefundByKey,
  findSandboxSession,
  insertSandboxRefundOnce,
  insertSandboxSession,
  listSandboxRefunds,
  removeSandboxRefund,
  type SandboxRefund,
  type SandboxSession,
  sumSandboxRefunds,
} from './sandbox-repository.ts'

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox'
  findOpenSession(id: string): Promise<SandboxSession | null>
  /** Marks an open session paid (once) and answers the signed `checkout.session.completed` event to deliver. */
  completeSession(id: string, payer: { email: string | null; name: string | null }): Promise<{ payload: string; signature: string } | null>
  /** The signed `checkout.session.completed` event of a session already paid, to deliver again; null otherwise. */
  completedEventOf(id: string): Promise<{ payload: string; signature: string } | null>
  /** Signs a payload exactly as Stripe signs webhooks, with the sandbox's secret. */
  sign(payload: string, timestamp?: number): string
  /*
   * What happens in Stripe's dashboard and at the card issuer after a payment (docs/decisions/028), so the webhooks
   * that tell of it run without Stripe. Each answers the signed event Stripe would send, or null when the payment,
   * refund or amount is not one Stripe would accept.
   */
  /** Someone pays part or all of a payment back in the dashboard: `charge.refunded`, with the charge's refunds. */
  refundInDashboard(paymentIntentId: string, amountCents: number): Promise<SignedEvent | null>
  /** A refund the provider accepted fails (the card was closed): `charge.refund.updated` with the status failed. */
  failRefund(refundId: string, reason: string): Promise<SignedEvent | null>
  /** The buyer's card issuer disputes the payment: `charge.dispute.created`, with a new dispute id. */
  openDispute(paymentIntentId: string, reason: string): Promise<SignedEvent | null>
  /** The issuer decides the dispute: `charge.dispute.closed` with the status won or lost. */
  closeDispute(disputeId: string, paymentIntentId: string, outcome: 'won' | 'lost'): Promise<SignedEvent | null>
}

/** A webhook event to deliver, the provider object it is about named by `objectId`. */
export interface SignedEvent {
  objectId: string
  payload: string
  signature: string
}

/** A secret derived from the app's own key, so every API process agrees on it without configuration. */
export function sandboxWebhookSecret(appSecret: string): string {
  return `whsec_sandbox_${createHmac('sha256', appSecret).update('sandbox-webhook').digest('hex')}`
}

const toProviderSession = (row: SandboxSession): ProviderSession => ({
  sessionId: row.id,
  paid: row.status === 'complete',
  amountCents: row.amountCents,
  currency: 'usd',
  paymentIntentId: row.paymentIntentId,
  customerEmail: row.customerEmail,
  customerName: row.customerName,
  subscriptionId: null,
})

/** What Stripe would send for a paid session: the fields our fulfilment reads, in Stripe's names. */
function completedEvent(row: SandboxSession, now: Date) {
  return {
    id: `evt_sbx_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: row.id,
        object: 'checkout.session',
        amount_total: row.amountCents,
        currency: 'usd',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: row.paymentIntentId,
        customer_details: { email: row.customerEmail, name: row.customerName },
        customer_email: row.customerEmail,
        subscription: null,
        metadata: row.metadata,
      },
    },
  }
}

/** A Stripe-format event of `type` about `object`. */
function eventOf(type: string, object: Record<string, unknown>, now: Date) {
  return {
    id: `evt_sbx_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: { object },
  }
}

/** The idempotency keys of refunds made "in the dashboard" start with this, so no Keydesk key is ever mistaken for one. */
const DASHBOARD_KEY = 'sandbox-dashboard:'

/** A refund as Stripe describes it; Keydesk's own carry their key, a dashboard's none. */
const refundObject = (row: SandboxRefund, extra: Record<string, unknown> = {}) => ({
  id: row.id,
  object: 'refund',
  amount: row.amountCents,
  currency: 'usd',
  payment_intent: row.paymentIntentId,
  charge: `ch_sbx_${row.paymentIntentId}`,
  status: 'succeeded',
  created: Math.floor(row.createdAt.getTime() / 1000),
  metadata: row.idempotencyKey.startsWith(DASHBOARD_KEY) ? {} : { keydesk_refund_key: row.idempotencyKey },
  ...extra,
})

/** The embedded hosted checkout (docs/architecture.md, 'Ports'): its own page and records, Stripe-format signed events. */
export function createSandboxProvider(db: Database, options: { publicUrl: string; webhookSecret: string; clock: Clock }): SandboxProvider {
  const stripe = new Stripe('sk_test_sandbox_offline')

  /** A dispute of the whole of a paid sandbox payment, as Stripe describes one. */
  async function disputeEvent(
    signer: Pick<SandboxProvider, 'sign'>,
    type: string,
    id: string,
    paymentIntentId: string,
    fields: { reason: string; status: string },
  ): Promise<SignedEvent | null> {
    const session = await findSandboxSession(db, paymentIntentId)
    if (session?.status !== 'complete' || session.paymentIntentId !== paymentIntentId) return null
    const now = options.clock.now()
    const dispute = {
      id,
      object: 'dispute',
      amount: session.amountCents,
      currency: 'usd',
      charge: `ch_sbx_${paymentIntentId}`,
      payment_intent: paymentIntentId,
      created: Math.floor(now.getTime() / 1000),
      ...fields,
    }
    const payload = JSON.stringify(eventOf(type, dispute, now))
    return { objectId: id, payload, signature: signer.sign(payload) }
  }

  return {
    name: 'sandbox',

    async createCheckoutSession(request) {
      const id = `cs_test_sbx_${randomBytes(24).toString('hex')}`
      await insertSandboxSession(db, {
        id,
        amountCents: request.amountCents,
        // A line standing for several (provider-lines.ts) shows what they charge together, as Stripe's page does.
        lineItems: request.lines.map(({ name, description, amountCents, quantity = 1 }) => ({
          name: quantity > 1 ? `${name} × ${quantity}` : name,
          description,
          amountCents: amountCents * quantity,
        })),
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        customerEmail: request.customerEmail,
        metadata: { transactionId: request.transactionId, confirmationNumber: request.confirmationNumber },
        expiresAt: request.expiresAt,
      })
      return { sessionId: id, url: `${options.publicUrl}/sandbox-checkout/${id}` }
    },

    async retrieveSession(id) {
      const row = await findSandboxSession(db, id)
      return row ? toProviderSession(row) : null
    },

    async findOpenSession(id) {
      // The app's clock, which set the expiry: a checkout expires on the same time line as its transaction.
      return (await findOpenSandboxSession(db, id, options.clock.now())) ?? null
    },

    async completeSession(id, payer) {
      const row = await completeOpenSandboxSession(db, id, {
        paymentIntentId: `pi_sbx_${randomBytes(12).toString('hex')}`,
        ...(payer.email ? { customerEmail: payer.email } : {}),
        customerName: payer.name,
      })
      if (!row) return null
      const payload = JSON.stringify(completedEvent(row, options.clock.now()))
      return { payload, signature: this.sign(payload) }
    },

    async completedEventOf(id) {
      const row = await findSandboxSession(db, id)
      if (row?.status !== 'complete') return null
      const payload = JSON.stringify(completedEvent(row, options.clock.now()))
      return { payload, signature: this.sign(payload) }
    },

    async cancelAtPeriodEnd() {
      // Sandbox plans never renew (nothing is charged), so there is nothing to stop.
    },

    async refund(request) {
      // Refused where Stripe refuses: an unpaid or unknown payment, a key reused for another refund, more than was paid.
      const session = await findSandboxSession(db, request.paymentIntentId ?? request.sessionId ?? '')
      const paymentIntentId = session?.status === 'complete' ? session.paymentIntentId : null
      if (!session || !paymentIntentId) throw new Error('sandbox refund refused: no such paid payment')
      const earlier = await findSandboxRefundByKey(db, request.idempotencyKey)
      if (earlier) {
        if (earlier.amountCents !== request.amountCents || earlier.paymentIntentId !== paymentIntentId) {
          throw new Error('sandbox refund refused: idempotency key reused with other parameters')
        }
        return { refundId: earlier.id, amountCents: earlier.amountCents }
      }
      const refunded = await sumSandboxRefunds(db, paymentIntentId)
      if (request.amountCents <= 0 || refunded + request.amountCents > session.amountCents) {
        throw new Error('sandbox refund refused: the amount exceeds what is left of the payment')
      }
      const row = await insertSandboxRefundOnce(db, {
        id: `re_sbx_${randomBytes(12).toString('hex')}`,
        paymentIntentId,
        amountCents: request.amountCents,
        idempotencyKey: request.idempotencyKey,
      })
      return { refundId: row.id, amountCents: row.amountCents }
    },

    async refundInDashboard(paymentIntentId, amountCents) {
      const session = await findSandboxSession(db, paymentIntentId)
      if (session?.status !== 'complete' || session.paymentIntentId !== paymentIntentId) return null
      const refunded = await sumSandboxRefunds(db, paymentIntentId)
      if (amountCents <= 0 || refunded + amountCents > session.amountCents) return null
      const id = `re_sbx_${randomBytes(12).toString('hex')}`
      await insertSandboxRefundOnce(db, { id, paymentIntentId, amountCents, idempotencyKey: `${DASHBOARD_KEY}${id}` })
      const refunds = await listSandboxRefunds(db, paymentIntentId)
      const total = refunds.reduce((sum, row) => sum + row.amountCents, 0)
      const charge = {
        id: `ch_sbx_${paymentIntentId}`,
        object: 'charge',
        amount: session.amountCents,
        amount_refunded: total,
        currency: 'usd',
        payment_intent: paymentIntentId,
        refunded: total === session.amountCents,
        refunds: { object: 'list', data: refunds.map((row) => refundObject(row)), has_more: false },
      }
      const payload = JSON.stringify(eventOf('charge.refunded', charge, options.clock.now()))
      return { objectId: id, payload, signature: this.sign(payload) }
    },

    async failRefund(refundId, reason) {
      const row = await removeSandboxRefund(db, refundId)
      if (!row) return null
      const refund = refundObject(row, { status: 'failed', failure_reason: reason })
      const payload = JSON.stringify(eventOf('charge.refund.updated', refund, options.clock.now()))
      return { objectId: refundId, payload, signature: this.sign(payload) }
    },

    async openDispute(paymentIntentId, reason) {
      return disputeEvent(this, 'charge.dispute.created', `dp_sbx_${randomBytes(12).toString('hex')}`, paymentIntentId, {
        reason,
        status: 'needs_response',
      })
    },

    async closeDispute(disputeId, paymentIntentId, outcome) {
      return disputeEvent(this, 'charge.dispute.closed', disputeId, paymentIntentId, { reason: 'fraudulent', status: outcome })
    },

    sign(payload, timestamp) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret, ...(timestamp ? { timestamp } : {}) })
    },

    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS)
    },
  }
}
