import Stripe from 'stripe'
import type { PaymentProvider } from '../../../ports.ts'
import { sessionFromStripe, WEBHOOK_TOLERANCE_SECONDS } from './provider.ts'

export interface StripeProviderOptions {
  secretKey: string
  webhookSecret: string
  /** Tests point the SDK at a local server; production talks to api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' }
}

/** Stripe Checkout: prices come from our own cart, never from the browser; creation is idempotent per transaction. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options.api })
  const reference = (value: string | { id: string } | null | undefined) =>
    value == null ? null : typeof value === 'string' ? value : value.id

  /**
   * The payment intent behind a checkout: payment mode names it on the session; subscription mode leaves it on the
   * first invoice's payment.
   */
  async function paymentIntentOfSession(sessionId: string): Promise<string> {
    const session = await stripe.checkout.sessions.retrieve(sessionId)
    const direct = reference(session.payment_intent)
    if (direct) return direct
    const invoice = reference(session.invoice)
    if (invoice) {
      const payments = await stripe.invoicePayments.list({ invoice, status: 'paid', limit: 1 })
      const paid = reference(payments.data[0]?.payment.payment_intent)
      if (paid) return paid
    }
    throw new Error(`Stripe holds no payment intent for checkout session ${sessionId}`)
  }

  return {
    name: 'stripe',

    async createCheckoutSession(request) {
      const isSubscription = request.lines.some((line) => line.recurring)
      const session = await stripe.checkout.sessions.create(
        {
          mode: isSubscription ? 'subscription' : 'payment',
          line_items: request.lines.map((line) => ({
            quantity: line.quantity ?? 1,
            price_data: {
              currency: 'usd',
              unit_amount: line.amountCents,
              product_data: { name: line.name, description: line.description },
              ...(line.recurring ? { recurring: { interval: line.recurring } } : {}),
            },
          })),
          success_url: `${request.successUrl}${request.successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: request.cancelUrl,
          client_reference_id: request.transactionId,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          metadata: { transactionId: request.transactionId, confirmationNumber: request.confirmationNumber },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        { idempotencyKey: `checkout-${request.transactionId}` },
      )
      if (!session.url) throw new Error('Stripe answered a checkout session without a url')
      return { sessionId: session.id, url: session.url }
    },

    async retrieveSession(id) {
      if (id.startsWith('pi_')) {
        const found = await stripe.checkout.sessions.list({ payment_intent: id, limit: 1 })
        const session = found.data[0]
        return session ? sessionFromStripe(session) : null
      }
      if (!id.startsWith('cs_')) return null
      try {
        return sessionFromStripe(await stripe.checkout.sessions.retrieve(id))
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
        throw error
      }
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true })
    },

    async refund(request) {
      const paymentIntent = request.paymentIntentId ?? (request.sessionId ? await paymentIntentOfSession(request.sessionId) : null)
      if (!paymentIntent) throw new Error('a refund needs a payment intent or a checkout session')
      // Stripe keeps an idempotency key for 24 hours; the key is also written on the refund, so a retry days later
      // finds the refund it made instead of making a second one.
      const earlier = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })
      const made = earlier.data.find(
        (refund) => refund.metadata?.keydesk_refund_key === request.idempotencyKey && refund.status !== 'failed',
      )
      if (made) return { refundId: made.id, amountCents: made.amount }
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountCents,
          reason: 'requested_by_customer',
          metadata: { ...request.metadata, keydesk_refund_key: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      )
      if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refund ${refund.id} ${refund.status}`)
      return { refundId: refund.id, amountCents: refund.amount }
    },

    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS)
    },
  }
}
