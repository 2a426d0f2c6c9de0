import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxWebhookSecret } from '../modules/ordering/payments/sandbox-provider.ts'
import { signInAsBootstrapSuperAdmin } from './accounts.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/** The development secret this repository used to ship; a token signed with it must forge nothing. */
const FORMER_REPOSITORY_SECRET = 'dev-only-jwt-secret-change-me-in-production-0000'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ NODE_ENV: 'development' })
})

afterAll(async () => {
  await testApp.close()
})

describe('secrets on the embedded defaults', () => {
  it("signs tokens with a secret of this server's own, so a token signed with a value from the repository is refused", async () => {
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    const genuine = superAdmin.cookies.access_token ?? ''
    const me = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
    expect((await me(genuine)).statusCode).toBe(200)
    // The same header and claims, signed with the former repository secret.
    const forged = await new SignJWT(decodeJwt(genuine))
      .setProtectedHeader(decodeProtectedHeader(genuine) as { alg: string })
      .sign(new TextEncoder().encode(FORMER_REPOSITORY_SECRET))
    expect((await me(forged)).statusCode).toBe(401)
    expect(testApp.app.config.jwtSecret).not.toBe(FORMER_REPOSITORY_SECRET)
    expect(testApp.app.config.jwtSecret.length).toBeGreaterThanOrEqual(64)
  })

  it('derives the sandbox webhook secret from that generated secret, so a payment event signed from the repository is refused', async () => {
    const forgedSecret = sandboxWebhookSecret(FORMER_REPOSITORY_SECRET)
    expect(sandboxWebhookSecret(testApp.app.config.jwtSecret)).not.toBe(forgedSecret)
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'checkout.session.completed', data: { object: {} } })
    const { default: Stripe } = await import('stripe')
    const signature = new Stripe('sk_test_offline').webhooks.generateTestHeaderString({ payload, secret: forgedSecret })
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/api/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    })
    expect(answer.statusCode).toBe(400)
  })
})
