/**
 * How long a checkout session accepts payment. Stripe allows 30 minutes to 24 hours; one hour bounds how long
 * an abandoned checkout keeps its vehicles frozen (docs/decisions/013).
 */
export const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000
