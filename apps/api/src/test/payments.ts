import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { transactions } from '../db/schema/payments.ts'
import { sandboxWebhookSecret } from '../modules/ordering/payments/sandbox-provider.ts'
import { uniqueIp } from './accounts.ts'
import { keycodeRequestForm, validVin } from './requests.ts'
import type { TestApp } from './test-app.ts'

const stripe = new Stripe('sk_test_offline')

/** Test vehicles by make: the catalogue's model and a manufacturer code its VINs start with. */
export const TEST_VEHICLES = {
  Honda: { make: 'Honda', model: 'Civic', vinPrefix: '1HGCR2F3' },
  Ford: { make: 'Ford', model: 'F-150', vinPrefix: '1FTFW1E5' },
  Nissan: { make: 'Nissan', model: 'Altima', vinPrefix: '1N4AL3AP' },
  Toyota: { make: 'Toyota', model: 'Camry', vinPrefix: '4T1BF1FK' },
  Chevrolet: { make: 'Chevrolet', model: 'Silverado 1500', vinPrefix: '1GCVKREC' },
  GMC: { make: 'GMC', model: 'Sierra 1500', vinPrefix: '1GTV2MEC' },
} as const

/**
 * Puts `count` 2016 requests in the caller's cart (Honda unless told: 60 dollars each for non-members); answers
 * their ids, and the guest id for guests.
 */
export async function addRequestsToCart(
  testApp: TestApp,
  count: number,
  headers: Record<string, string> = {},
  vehicle: (typeof TEST_VEHICLES)[keyof typeof TEST_VEHICLES] = TEST_VEHICLES.Honda,
) {
  let guestUserId: string | null = null
  const requestIds: string[] = []
  for (let index = 0; index < count; index++) {
    const images = headers.authorization || headers.cookie ? undefined : ['frontId', 'registration', 'licenseFront', 'licenseBack']
    const form = await keycodeRequestForm(
      { make: vehicle.make, model: vehicle.model, vin: validVin(vehicle.vinPrefix, 'G', String(100000 + index)) },
      images,
    )
    if (guestUserId) form.append('guestUserId', guestUserId)
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/vehicle/request-keycode-public',
      payload: form,
      headers,
      remoteAddress: uniqueIp(),
    })
    if (answer.statusCode !== 201) throw new Error(`request refused: ${answer.body}`)
    guestUserId = answer.json().guestUserId ?? guestUserId
    requestIds.push(answer.json().id)
  }
  return { guestUserId, requestIds }
}

export function checkoutBody(testApp: TestApp, amount: number, extra: Record<string, unknown> = {}) {
  return {
    amount,
    items: [],
    success_url: `${testApp.config.publicUrl}/payment-success`,
    cancel_url: `${testApp.config.publicUrl}/payment-cancel`,
    ...extra,
  }
}

export async function checkout(
  testApp: TestApp,
  amount: number,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/api/payments/create-checkout-session',
    payload: checkoutBody(testApp, amount, extra),
    headers,
    remoteAddress: uniqueIp(),
  })
}

export async function findTransaction(testApp: TestApp, sessionId: string) {
  const [row] = await testApp.app.database.db.select().from(transactions).where(eq(transactions.providerSessionId, sessionId))
  if (!row) throw new Error(`no transaction for ${sessionId}`)
  return row
}

/** A Stripe-format event, signed by the Stripe SDK with the app's webhook secret (or another, to test refusals). */
export function signedEvent(
  testApp: TestApp,
  type: string,
  session: Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: `evt_test_${Math.random().toString(16).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', currency: 'usd', metadata: {}, ...session } },
  })
  const secret = options.secret ?? testApp.config.stripe?.webhookSecret ?? sandboxWebhookSecret(testApp.config.jwtSecret)
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  })
  return { payload, signature }
}

export function deliver(testApp: TestApp, event: { payload: string; signature?: string }) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/api/payments/webhook',
    payload: event.payload,
    headers: { 'content-type': 'application/json', ...(event.signature ? { 'stripe-signature': event.signature } : {}) },
  })
}

export function paidSession(sessionId: string, amountCents: number, extra: Record<string, unknown> = {}) {
  return {
    id: sessionId,
    amount_total: amountCents,
    payment_status: 'paid',
    status: 'complete',
    payment_intent: `pi_test_${sessionId.slice(-8)}`,
    ...extra,
  }
}

/** Pays a checkout on the sandbox's hosted page with its test card, so the real fulfilment runs. */
export async function payInSandbox(testApp: TestApp, sessionId: string) {
  const paid = await testApp.app.inject({
    method: 'POST',
    url: `/sandbox-checkout/${sessionId}`,
    payload: new URLSearchParams({ name: 'Pat', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: uniqueIp(),
  })
  if (paid.statusCode !== 303) throw new Error(`sandbox payment refused: ${paid.statusCode} ${paid.body}`)
}
