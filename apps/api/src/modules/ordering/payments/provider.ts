import type Stripe from 'stripe'
import type { ProviderSession } from '../../../ports.ts'

/** What a Stripe Checkout Session says, in the payments port's words (the Stripe adapter and webhooks read it). */
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
