import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, deliver, findTransaction, paidSession, signedEvent } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { createStripeProvider } from './stripe-provider.ts'

/** A stand-in for api.stripe.com: records what the official SDK sends and answers like Stripe. */
interface Recorded {
  method: string
  path: string
  headers: IncomingMessage['headers']
  form: URLSearchParams
}
const recorded: Recorded[] = []
const sessions = new Map<string, Record<string, unknown>>()
let stripeApi: Server
let testApp: TestApp

beforeAll(async () => {
  stripeApi = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const form = new URLSearchParams(body)
      recorded.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, form })
      response.setHeader('content-type', 'application/json')
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const id = `cs_test_fake${sessions.size}`
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: 'usd',
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
          metadata: {},
        }
        sessions.set(id, session)
        response.end(JSON.stringify(session))
        return
      }
      const match = /^\/v1\/checkout\/sessions\/(cs_[\w]+)$/.exec(request.url ?? '')
      const session = match?.[1] ? sessions.get(match[1]) : undefined
      if (request.method === 'GET' && session) {
        response.end(JSON.stringify(session))
        return
      }
      response.statusCode = 404
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such checkout.session' } }))
    })
  })
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve))
  const { port } = stripeApi.address() as AddressInfo
  const provider = createStripeProvider({
    secretKey: 'sk_test_keydesk',
    webhookSecret: 'whsec_keydesk_test',
    api: { host: '127.0.0.1', port, protocol: 'http' },
  })
  testApp = await createTestApp(
    { STRIPE_SECRET_KEY: 'sk_test_keydesk', STRIPE_WEBHOOK_SECRET: 'whsec_keydesk_test' },
    { paymentProvider: provider },
  )
})

afterAll(async () => {
  await testApp.close()
  await new Promise((resolve) => stripeApi.close(resolve))
})

describe('Stripe adapter', () => {
  it('creates a Checkout Session in payment mode from our own prices, with an idempotency key per transaction', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    const answer = await checkout(testApp, 6000, member.headers)
    expect(answer.statusCode).toBe(200)
    const { sessionId, url } = answer.json()
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`)
    const created = recorded.findLast((call) => call.path === '/v1/checkout/sessions')
    const row = await findTransaction(testApp, sessionId)
    expect(created?.headers['idempotency-key']).toBe(`checkout-${row.id}`)
    expect(created?.form.get('mode')).toBe('payment')
    expect(created?.form.get('line_items[0][price_data][unit_amount]')).toBe('6000')
    expect(created?.form.get('line_items[0][price_data][currency]')).toBe('usd')
    expect(created?.form.get('success_url')).toBe(`${testApp.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`)
    expect(created?.form.get('metadata[confirmationNumber]')).toBe(row.confirmationNumber)
    expect(created?.form.get('customer_email')).toBe(member.email)
  })

  it('uses subscription mode with a monthly recurring price when a plan is in the cart', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', payload: { tier: 'BASIC' }, headers: member.headers })
    expect((await checkout(testApp, 999, member.headers)).statusCode).toBe(200)
    const created = recorded.findLast((call) => call.path === '/v1/checkout/sessions')
    expect(created?.form.get('mode')).toBe('subscription')
    expect(created?.form.get('line_items[0][price_data][recurring][interval]')).toBe('month')
  })

  it('fulfils on an event signed with the Stripe webhook secret and asks Stripe on the success call', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    const { sessionId } = (await checkout(testApp, 6000, member.headers)).json()
    const success = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/api/payments/process-payment-success',
        payload: { paymentIntentId: sessionId },
        headers: member.headers,
      })
    expect((await success()).statusCode).toBe(409)
    expect(recorded.findLast((call) => call.method === 'GET')?.path).toBe(`/v1/checkout/sessions/${sessionId}`)

    expect((await deliver(testApp, signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 6000)))).statusCode).toBe(200)
    expect((await findTransaction(testApp, sessionId)).status).toBe('PAID')
    sessions.set(sessionId, { ...sessions.get(sessionId), payment_status: 'paid', status: 'complete' })
    expect((await success()).json()).toMatchObject({ status: 'PAID', amount: 60 })
  })

  it('moves the end of a Stripe plan when its renewal invoice is paid', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', payload: { tier: 'BASIC' }, headers: member.headers })
    const { sessionId } = (await checkout(testApp, 999, member.headers)).json()
    await deliver(
      testApp,
      signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 999, { subscription: 'sub_test_renew' })),
    )
    const before = (await testApp.app.inject({ method: 'GET', url: '/api/user/subscription', headers: member.headers })).json()
    const renewedEnd = Math.floor(new Date(before.endDate).getTime() / 1000) + 30 * 24 * 3600
    const invoice = {
      id: 'in_test_renew',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_renew' } },
      lines: { object: 'list', data: [{ period: { start: renewedEnd - 30 * 24 * 3600, end: renewedEnd } }] },
    }
    const payload = signedEvent(testApp, 'invoice.paid', invoice)
    expect((await deliver(testApp, payload)).statusCode).toBe(200)
    const after = (await testApp.app.inject({ method: 'GET', url: '/api/user/subscription', headers: member.headers })).json()
    expect(after).toMatchObject({ tier: 'BASIC', status: 'ACTIVE', endDate: new Date(renewedEnd * 1000).toISOString() })
  })

  it('refuses an event signed with the sandbox secret', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    const { sessionId } = (await checkout(testApp, 6000, member.headers)).json()
    const forged = signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 6000), { secret: 'whsec_sandbox_guess' })
    expect((await deliver(testApp, forged)).statusCode).toBe(400)
    expect((await findTransaction(testApp, sessionId)).status).toBe('PENDING')
  })

  it('does not serve the sandbox checkout when Stripe is configured', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: `/sandbox-checkout/cs_test_sbx_${'0'.repeat(48)}` })
    expect(page.statusCode).not.toBe(200)
  })
})
