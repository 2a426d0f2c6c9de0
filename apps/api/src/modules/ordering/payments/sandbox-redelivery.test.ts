import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, findTransaction } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import type { SandboxProvider } from './sandbox-provider.ts'
import { redeliverPaidSandboxSessions } from './sandbox-redelivery.ts'

/**
 * The sandbox recovers a payment whose fulfilment a crash interrupted, as Stripe's redelivery does in production: the
 * session is paid (the card approved) but its event never reached the fulfilment.
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('sandbox redelivery', () => {
  it('fulfils a paid session whose event was lost, once, and leaves unpaid ones alone', async () => {
    const provider = testApp.app.payments as SandboxProvider
    const buyer = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, buyer.headers)
    const paidId = (await checkout(testApp, 6000, buyer.headers)).json().sessionId as string
    // The card approved and the session marked paid, then the process died before the event was delivered.
    expect(await provider.completeSession(paidId, { email: null, name: 'Pat' })).not.toBeNull()
    const other = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, other.headers)
    const openId = (await checkout(testApp, 6000, other.headers)).json().sessionId as string
    expect((await findTransaction(testApp, paidId)).status).toBe('PENDING')

    expect(await redeliverPaidSandboxSessions(testApp.app, provider)).toBe(1)
    expect((await findTransaction(testApp, paidId)).status).toBe('PAID')
    expect((await findTransaction(testApp, openId)).status).toBe('PENDING')
    expect(await redeliverPaidSandboxSessions(testApp.app, provider)).toBe(0)
  })
})
