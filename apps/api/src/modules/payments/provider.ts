import type Stripe from 'stripe'

/** One line of a hosted checkout, in cents (ARCHITECTURE.md: money is integer cents on the wire). */
export interface CheckoutLine {
  name: string
  description: string
  amountCents: number
  /** A plan renews (Stripe subscription mode); everything else is a one-time charge. */
  recurring?: 'month' | 'year'
}

export interface CheckoutRequest {
  transactionId: string
  confirmationNumber: string
  lines: CheckoutLine[]
  amountCents: number
  successUrl: string
  cancelUrl: string
  customerEmail: string | null
  /** After this the session accepts no payment (docs/decisions/013). */
  expiresAt: Date
}

/** What the provider says about a checkout: the only truth fulfilment acts on. */
export interface ProviderSession {
  sessionId: string
  paid: boolean
  amountCents: number
  currency: string
  paymentIntentId: string | null
  customerEmail: string | null
  /** The name the payer typed (Stripe's customer_details.name); absent when the provider says none. */
  customerName?: string | null
  subscriptionId: string | null
}

/** Money paid back on one payment; the same idempotency key always answers the same refund, never a second one. */
export interface RefundRequest {
  /** The payment to refund: its payment intent when fulfilment learnt it (Stripe's subscription mode does not say it). */
  paymentIntentId: string | null
  /** The checkout session that took the payment, where the payment intent is looked up when it is not known. */
  sessionId: string | null
  amountCents: number
  idempotencyKey: string
  metadata: Record<string, string>
}

export interface ProviderRefund {
  refundId: string
  amountCents: number
}

/** The payments port (ARCHITECTURE.md): the sandbox checkout by default, Stripe when configured. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe'
  createCheckoutSession(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>
  /** A Checkout Session by its id, or by the payment intent it produced; null when the provider has none. */
  retrieveSession(id: string): Promise<ProviderSession | null>
  /** Stops a provider-side plan from renewing; it runs to the end of the paid period (docs/product.md §11). */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>
  /** Pays part or all of a payment back; throws when the provider refuses or cannot be reached. */
  refund(request: RefundRequest): Promise<ProviderRefund>
  /** Verifies a webhook against the raw body; throws on a bad or old signature. */
  verifyEvent(rawBody: string | Buffer, signature: string | undefined): Stripe.Event
}

export function sessionFromStripe(session: Stripe.Checkout.Session): ProviderSession {
  const reference = (value: string | { id: string } | null | undefined) =>
    value == null ? null : typeof value === 'string' ? value : value.id
  return {
    sessionId: session.id,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    paymentIntentId: reference(session.payment_intent),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: session.customer_details?.name ?? null,
    subscriptionId: reference(session.subscription),
  }
}

/** Stripe refuses events signed more than 5 minutes ago (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300
