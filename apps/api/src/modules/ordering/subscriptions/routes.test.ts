import { cartTotal } from '@keydesk/contracts/cart-total'
import { DAY_MS, HOUR_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, signInAgain, signInAsBootstrapSuperAdmin } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, TEST_VEHICLES } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { expireEndedSubscriptions } from './service.ts'

const clock = testClock(new Date('2026-11-22T12:00:00Z'))
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

const get = (url: string, headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url, headers })
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  testApp.app.inject({ method: 'POST', url, headers, payload })

/** Pays a checkout the way the sandbox page does, so the plan is activated by the real fulfilment. */
async function buyPlan(headers: Record<string, string>, tier: string, billing = 'MONTHLY') {
  await post('/api/cart/addSubscription', headers, { tier, billing })
  const items = (await get('/api/cart/items', headers)).json()
  const { tier: currentTier } = (await get('/api/keycode-user/subscription', headers)).json()
  const { sessionId } = (await checkout(testApp, Math.round(cartTotal(items, currentTier).total * 100), headers)).json()
  const paid = await testApp.app.inject({
    method: 'POST',
    url: `/sandbox-checkout/${sessionId}`,
    payload: new URLSearchParams({ name: 'Pat', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(paid.statusCode).toBe(303)
}

describe('trial', () => {
  it('starts a free 3-day trial of the chosen tier and reports it', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await get('/api/trial/status', member.headers)).json()).toEqual({
      hasTrial: false,
      isActive: false,
      remainingDays: 0,
      trialEndsAt: null,
      hasPremiumAccess: false,
      accessType: 'none',
      trialTier: null,
    })
    const started = await post('/api/trial/start?tier=PROFESSIONAL', member.headers)
    expect(started.json()).toMatchObject({
      message: 'Your 3-day free trial has started.',
      isActive: true,
      remainingDays: 3,
      trialEndsAt: new Date(clock.now().getTime() + 3 * DAY_MS).toISOString(),
      hasPremiumAccess: true,
      accessType: 'trial',
      trialTier: 'PROFESSIONAL',
    })
  })

  it('defaults to BASIC', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await post('/api/trial/start', member.headers)).json()).toMatchObject({ trialTier: 'BASIC' })
  })

  it('is given once per account', async () => {
    const member = await registerAndSignIn(testApp)
    await post('/api/trial/start', member.headers)
    const again = await post('/api/trial/start', member.headers)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('You have already used your free trial.')
  })

  it('expires on time, by the clock, and takes premium access and member prices with it', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    await post('/api/trial/start?tier=BASIC', member.headers)
    // During the trial: Ford member price 55, BASIC 15% off → 46.75.
    expect((await get('/api/cart/items', member.headers)).json()[0]).toMatchObject({ standardPrice: 70, finalPrice: 55 })
    expect((await checkout(testApp, 4675, member.headers)).statusCode).toBe(200)

    clock.advance(3 * DAY_MS - HOUR_MS)
    await signInAgain(testApp, member)
    expect((await get('/api/trial/status', member.headers)).json()).toMatchObject({ isActive: true, remainingDays: 1 })
    clock.advance(HOUR_MS)
    await signInAgain(testApp, member)
    expect((await get('/api/trial/status', member.headers)).json()).toMatchObject({
      hasTrial: true,
      isActive: false,
      remainingDays: 0,
      hasPremiumAccess: false,
      accessType: 'none',
    })
    expect((await get('/api/cart/items', member.headers)).json()[0]).toMatchObject({ standardPrice: 70, finalPrice: 70 })
    expect((await checkout(testApp, 4675, member.headers)).statusCode).toBe(409)
    expect((await checkout(testApp, 7000, member.headers)).statusCode).toBe(200)
  })

  it('is refused to paying members, admins and visitors', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'BASIC' }).where(eq(users.id, member.id))
    expect((await post('/api/trial/start', member.headers)).json().message).toBe('You already have a subscription.')
    const admin = await signInAsBootstrapSuperAdmin(testApp)
    expect((await post('/api/trial/start', admin.headers)).statusCode).toBe(403)
    expect((await post('/api/trial/start', {})).statusCode).toBe(401)
    expect((await get('/api/trial/status', {})).statusCode).toBe(401)
  })
})

describe('subscriptions', () => {
  it('reports NONE and INACTIVE without a plan', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await get('/api/user/subscription', member.headers)).json()).toEqual({
      tier: 'NONE',
      status: 'INACTIVE',
      billing: null,
      startDate: null,
      endDate: null,
      autoRenew: false,
      feeCents: null,
      refund: null,
      refundRequestedAt: null,
      basicDiscount: null,
    })
  })

  it("answers a Basic member whether this plan month's discounted keycode is unused, and when the next month starts", async () => {
    const member = await registerAndSignIn(testApp)
    const start = clock.now()
    await buyPlan(member.headers, 'BASIC')
    const nextOn = new Date(start.getTime() + 30 * DAY_MS).toISOString()
    expect((await get('/api/user/subscription', member.headers)).json().basicDiscount).toEqual({ available: true, nextOn })
  })

  it('promises a Basic member no next discount when the plan ends with this plan month and will not renew', async () => {
    const member = await registerAndSignIn(testApp)
    await buyPlan(member.headers, 'BASIC')
    expect((await post('/api/user/subscription/cancel', member.headers)).statusCode).toBe(200)
    expect((await get('/api/user/subscription', member.headers)).json().basicDiscount).toEqual({ available: true, nextOn: null })
  })

  it('activates a purchased plan for 30 days, and its discount applies to the next order', async () => {
    const member = await registerAndSignIn(testApp)
    await buyPlan(member.headers, 'PROFESSIONAL')
    const plan = (await get('/api/user/subscription', member.headers)).json()
    expect(plan).toMatchObject({ tier: 'PROFESSIONAL', status: 'ACTIVE', billing: 'MONTHLY' })
    expect(new Date(plan.endDate).getTime() - new Date(plan.startDate).getTime()).toBe(30 * DAY_MS)
    expect((await get('/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'PROFESSIONAL' })
    expect((await get('/api/trial/status', member.headers)).json()).toMatchObject({ hasPremiumAccess: true, accessType: 'paid' })

    await addRequestsToCart(testApp, 2, member.headers)
    // Two Honda requests at the member price 45, PROFESSIONAL 20% off → 72.00.
    expect((await checkout(testApp, 12000, member.headers)).statusCode).toBe(409)
    expect((await checkout(testApp, 7200, member.headers)).statusCode).toBe(200)
  })

  it('charges an annual Professional plan 149 plus the 49 setup fee and runs it 365 days', async () => {
    const member = await registerAndSignIn(testApp)
    await post('/api/cart/addSubscription', member.headers, { tier: 'PROFESSIONAL', billing: 'ANNUAL' })
    expect((await checkout(testApp, 19800, member.headers)).statusCode).toBe(200)
    const buyer = await registerAndSignIn(testApp)
    await buyPlan(buyer.headers, 'PROFESSIONAL', 'ANNUAL')
    const plan = (await get('/api/user/subscription', buyer.headers)).json()
    expect(plan).toMatchObject({ tier: 'PROFESSIONAL', billing: 'ANNUAL' })
    expect(new Date(plan.endDate).getTime() - new Date(plan.startDate).getTime()).toBe(365 * DAY_MS)
  })

  it('cancels at the end of the period: access stays until then, then the member is back to NONE', async () => {
    const member = await registerAndSignIn(testApp)
    await buyPlan(member.headers, 'BASIC')
    const cancelled = await post('/api/user/subscription/cancel', member.headers)
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', autoRenew: false, tier: 'BASIC' })
    expect((await post('/api/user/subscription/cancel', member.headers)).statusCode).toBe(409)
    expect((await get('/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'BASIC' })

    clock.advance(30 * DAY_MS)
    await signInAgain(testApp, member)
    expect((await get('/api/user/subscription', member.headers)).json()).toMatchObject({ status: 'EXPIRED' })
    expect(await expireEndedSubscriptions(testApp.app)).toBeGreaterThan(0)
    expect((await get('/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'NONE' })
  })

  it('replaces the running plan with an upgrade', async () => {
    const member = await registerAndSignIn(testApp)
    await buyPlan(member.headers, 'BASIC')
    await buyPlan(member.headers, 'ENTERPRISE')
    expect((await get('/api/user/subscription', member.headers)).json()).toMatchObject({ tier: 'ENTERPRISE', status: 'ACTIVE' })
    expect((await get('/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'ENTERPRISE' })
  })

  it('is refused to admins and visitors', async () => {
    const admin = await signInAsBootstrapSuperAdmin(testApp)
    expect((await get('/api/user/subscription', admin.headers)).statusCode).toBe(403)
    expect((await get('/api/user/subscription', {})).statusCode).toBe(401)
    expect((await post('/api/user/subscription/cancel', {})).statusCode).toBe(401)
  })
})
