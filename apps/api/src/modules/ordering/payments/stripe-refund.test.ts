import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PaymentProvider } from '../../../ports.ts'
import { createStripeProvider } from './stripe-provider.ts'

/** A stand-in for api.stripe.com's refund, session and invoice-payment endpoints, recording what the SDK sends. */
interface Recorded {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  form: URLSearchParams
}
let recorded: Recorded[] = []
let existingRefunds: Record<string, unknown>[] = []
let stripeApi: Server
let provider: PaymentProvider

const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' })

beforeAll(async () => {
  stripeApi = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.test')
      const form = new URLSearchParams(body)
      recorded.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, headers: request.headers, form })
      response.setHeader('content-type', 'application/json')
      const answer = (value: unknown) => response.end(JSON.stringify(value))
      if (request.method === 'GET' && url.pathname === '/v1/refunds') return answer(list(existingRefunds))
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        return answer({
          id: 're_test_1',
          object: 'refund',
          amount: Number(form.get('amount')),
          status: 'succeeded',
          payment_intent: form.get('payment_intent'),
          metadata: {},
        })
      }
      if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions/cs_test_subscription') {
        return answer({
          id: 'cs_test_subscription',
          object: 'checkout.session',
          mode: 'subscription',
          payment_intent: null,
          invoice: 'in_test_1',
        })
      }
      if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        return answer(
          list([
            {
              id: 'inpay_1',
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: 'pi_test_invoice' },
            },
          ]),
        )
      }
      response.statusCode = 404
      answer({ error: { type: 'invalid_request_error', message: `No such route ${url.pathname}` } })
    })
  })
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve))
  const { port } = stripeApi.address() as AddressInfo
  provider = createStripeProvider({
    secretKey: 'sk_test_keydesk',
    webhookSecret: 'whsec_keydesk_test',
    api: { host: '127.0.0.1', port, protocol: 'http' },
  })
})

beforeEach(() => {
  recorded = []
  existingRefunds = []
})

afterAll(async () => {
  await new Promise((resolve) => stripeApi.close(resolve))
})

const request = { amountCents: 17_650, idempotencyKey: 'plan-refund:plan-1', metadata: { subscriptionId: 'plan-1' } }

describe('Stripe adapter: refunds', () => {
  it("refunds the plan payment's intent with the amount, under an idempotency key per plan", async () => {
    const refund = await provider.refund({ ...request, paymentIntentId: 'pi_test_paid', sessionId: 'cs_test_paid' })
    expect(refund).toEqual({ refundId: 're_test_1', amountCents: 17_650 })
    const created = recorded.find((call) => call.method === 'POST' && call.path === '/v1/refunds')
    expect(created?.form.get('payment_intent')).toBe('pi_test_paid')
    expect(created?.form.get('amount')).toBe('17650')
    expect(created?.form.get('metadata[keydesk_refund_key]')).toBe('plan-refund:plan-1')
    expect(created?.headers['idempotency-key']).toBe('plan-refund:plan-1')
  })

  it("finds a subscription-mode checkout's payment intent on its invoice's payment", async () => {
    await provider.refund({ ...request, paymentIntentId: null, sessionId: 'cs_test_subscription' })
    expect(recorded.find((call) => call.path === '/v1/invoice_payments')?.query.get('invoice')).toBe('in_test_1')
    expect(recorded.find((call) => call.method === 'POST' && call.path === '/v1/refunds')?.form.get('payment_intent')).toBe(
      'pi_test_invoice',
    )
  })

  it('answers the refund made earlier under the same key instead of making a second one', async () => {
    existingRefunds = [
      {
        id: 're_test_earlier',
        object: 'refund',
        amount: 17_650,
        status: 'succeeded',
        metadata: { keydesk_refund_key: 'plan-refund:plan-1' },
      },
    ]
    expect(await provider.refund({ ...request, paymentIntentId: 'pi_test_paid', sessionId: null })).toEqual({
      refundId: 're_test_earlier',
      amountCents: 17_650,
    })
    expect(recorded.some((call) => call.method === 'POST')).toBe(false)
  })
})
