import { PAYMENT_MESSAGES } from '@keydesk/contracts/payments'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn, uniqueIp } from '../../../test/accounts.ts'
import { addRequestsToCart } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let development: TestApp
let production: TestApp

beforeAll(async () => {
  ;[development, production] = await Promise.all([createTestApp(), createTestApp({ PUBLIC_URL: 'https://keys.example.com' })])
})

afterAll(async () => {
  await Promise.all([development?.close(), production?.close()])
})

/** A member with one Honda request (60 dollars) asks for a checkout, the request sent to `address`. */
async function checkoutFrom(testApp: TestApp, address: string, returnOrigin: string) {
  const member = await registerAndSignIn(testApp)
  await addRequestsToCart(testApp, 1, member.headers)
  return testApp.app.inject({
    method: 'POST',
    url: '/api/api/payments/create-checkout-session',
    headers: { ...member.headers, host: address, origin: `http://${address}` },
    payload: { amount: 6000, items: [], success_url: `${returnOrigin}/payment-success`, cancel_url: `${returnOrigin}/payment-cancel` },
    remoteAddress: uniqueIp(),
  })
}

describe('checkout return addresses', () => {
  it('accepts success_url and cancel_url on the address the request was sent to while PUBLIC_URL is unset', async () => {
    const answer = await checkoutFrom(development, '192.168.1.20:8080', 'http://192.168.1.20:8080')
    expect(answer.statusCode).toBe(200)
    // The sandbox's hosted page is linked on that address too, not on the default localhost.
    expect(answer.json().url).toMatch(/^http:\/\/192\.168\.1\.20:8080\/sandbox-checkout\/cs_test_sbx_/)
  })

  it('still refuses a return address on another site while PUBLIC_URL is unset', async () => {
    const answer = await checkoutFrom(development, '127.0.0.1:8080', 'https://evil.example')
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe(PAYMENT_MESSAGES.foreignUrl)
  })

  it('holds return addresses to PUBLIC_URL when it is set', async () => {
    const onRequestAddress = await checkoutFrom(production, '127.0.0.1:8080', 'http://127.0.0.1:8080')
    expect(onRequestAddress.statusCode).toBe(400)
    expect(onRequestAddress.json().message).toBe(PAYMENT_MESSAGES.foreignUrl)
    const onPublicUrl = await checkoutFrom(production, '127.0.0.1:8080', 'https://keys.example.com')
    expect(onPublicUrl.statusCode).toBe(200)
    expect(onPublicUrl.json().url).toMatch(/^https:\/\/keys\.example\.com\/sandbox-checkout\//)
  })
})
