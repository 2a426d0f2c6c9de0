import { DAY_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signInAgain, uniqueIp } from '../../../test/accounts.ts'
import { addRequestsToCart, TEST_VEHICLES } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { GUEST_COOKIE, guestCookieValue } from '../guests/guest-cookie.ts'

const clock = testClock(new Date('2026-11-23T12:00:00Z'))
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

/** The cart discounts of docs/product.md, 'Cart', written out as a client reading docs/product.md would. */
const SPEC_DISCOUNT_PERCENT: Record<string, number> = { NONE: 0, BASIC: 15, PROFESSIONAL: 20, ENTERPRISE: 25 }

interface CartLine {
  kind: string
  finalPrice: unknown
  standardPrice: unknown
}

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers })
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  testApp.app.inject({ method: 'POST', url, headers, payload, remoteAddress: uniqueIp() })

/** A contract-only client's total in cents: the sum of finalPrice, less the tier's discount, rounded to 2 decimals. */
async function specClientAmount(lines: CartLine[], headers: Record<string, string>) {
  const answer = await get('/api/keycode-user/subscription', headers)
  // docs/product.md, 'Plans, trial and compliance': a 401 or 403 means NONE.
  const tier = answer.statusCode === 401 || answer.statusCode === 403 ? 'NONE' : (answer.json().tier as string)
  const subtotal = lines.reduce((sum, line) => sum + (line.finalPrice as number), 0)
  const total = Math.round((subtotal - (subtotal * (SPEC_DISCOUNT_PERCENT[tier] ?? 0)) / 100) * 100) / 100
  return Math.round(total * 100)
}

/** create-checkout-session with the API contract's payload only (docs/product.md, 'Payments and orders'): amount, items, success_url, cancel_url. */
const checkoutWithSpecPayload = (amount: number, headers: Record<string, string>) =>
  post('/api/api/payments/create-checkout-session', headers, {
    amount,
    items: [],
    success_url: `${testApp.config.publicUrl}/payment-success`,
    cancel_url: `${testApp.config.publicUrl}/payment-cancel`,
  })

async function guestWithOneRequest() {
  const { guestUserId } = await addRequestsToCart(testApp, 1)
  return { cookie: `${GUEST_COOKIE}=${guestCookieValue(guestUserId ?? '', testApp.config.jwtSecret)}` }
}

async function memberOnPlan(tier: 'BASIC' | 'PROFESSIONAL' | 'ENTERPRISE'): Promise<SignedIn> {
  const member = await registerAndSignIn(testApp)
  await testApp.app.database.db.update(users).set({ subscriptionTier: tier }).where(eq(users.id, member.id))
  return member
}

async function trialUser(tier: string): Promise<SignedIn> {
  const member = await registerAndSignIn(testApp)
  expect((await post(`/api/trial/start?tier=${tier}`, member.headers)).statusCode).toBe(200)
  return member
}

describe('cart lines priced for spec clients', () => {
  it("a guest's keycode line has finalPrice and standardPrice equal to the non-member price", async () => {
    const guest = await guestWithOneRequest()
    expect((await get('/api/cart/items/public', guest)).json()).toEqual([
      expect.objectContaining({ kind: 'KEYCODE', finalPrice: 60, standardPrice: 60 }),
    ])
  })

  it("a member's keycode line has finalPrice equal to the member price and standardPrice to the non-member price", async () => {
    const member = await memberOnPlan('PROFESSIONAL')
    await addRequestsToCart(testApp, 1, member.headers)
    expect((await get('/api/cart/items', member.headers)).json()).toEqual([
      expect.objectContaining({ kind: 'KEYCODE', finalPrice: 45, standardPrice: 60 }),
    ])
  })

  it("a trial user's keycode line has finalPrice equal to the member price", async () => {
    const member = await trialUser('PROFESSIONAL')
    await addRequestsToCart(testApp, 1, member.headers)
    expect((await get('/api/cart/items', member.headers)).json()).toEqual([
      expect.objectContaining({ kind: 'KEYCODE', finalPrice: 45, standardPrice: 60 }),
    ])
  })

  it("a signed-in user without plan or trial has finalPrice equal to the non-member price, and a plan line the plan's price", async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    await post('/api/cart/addSubscription', member.headers, { tier: 'BASIC' })
    const lines = (await get('/api/cart/items', member.headers)).json()
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'KEYCODE', finalPrice: 60, standardPrice: 60 }),
      expect.objectContaining({ kind: 'SUBSCRIPTION', finalPrice: 9.99, standardPrice: 9.99 }),
    ])
  })
})

describe('the sum of finalPrice less the tier discount is the amount create-checkout-session accepts', () => {
  it('for a guest (GET /keycode-user/subscription answers 401, so NONE)', async () => {
    const guest = await guestWithOneRequest()
    const amount = await specClientAmount((await get('/api/cart/items/public', guest)).json(), guest)
    expect(amount).toBe(6000)
    expect((await checkoutWithSpecPayload(amount, guest)).statusCode).toBe(200)
  })

  it('for a member on a plan', async () => {
    const member = await memberOnPlan('PROFESSIONAL')
    await addRequestsToCart(testApp, 3, member.headers)
    const amount = await specClientAmount((await get('/api/cart/items', member.headers)).json(), member.headers)
    expect(amount).toBe(10800)
    const answer = await checkoutWithSpecPayload(amount, member.headers)
    expect(answer.statusCode, answer.body).toBe(200)
  })

  it('for a trial user', async () => {
    const member = await trialUser('BASIC')
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    const amount = await specClientAmount((await get('/api/cart/items', member.headers)).json(), member.headers)
    expect(amount).toBe(4675)
    const answer = await checkoutWithSpecPayload(amount, member.headers)
    expect(answer.statusCode, answer.body).toBe(200)
  })

  it('for a visitor who signed up and buys a plan with a keycode', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    await post('/api/cart/addSubscription', member.headers, { tier: 'BASIC' })
    const amount = await specClientAmount((await get('/api/cart/items', member.headers)).json(), member.headers)
    expect(amount).toBe(6999)
    const answer = await checkoutWithSpecPayload(amount, member.headers)
    expect(answer.statusCode, answer.body).toBe(200)
  })
})

describe('GET /keycode-user/subscription', () => {
  it("answers the trial's tier during a trial and NONE once it has ended", async () => {
    const member = await trialUser('PROFESSIONAL')
    expect((await get('/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'PROFESSIONAL' })
    clock.advance(3 * DAY_MS + 1000)
    await signInAgain(testApp, member)
    expect((await get('/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'NONE' })
  })

  it("answers the plan's tier for a member on a plan and NONE without plan or trial", async () => {
    const onPlan = await memberOnPlan('ENTERPRISE')
    expect((await get('/api/keycode-user/subscription', onPlan.headers)).json()).toEqual({ tier: 'ENTERPRISE' })
    const without = await registerAndSignIn(testApp)
    expect((await get('/api/keycode-user/subscription', without.headers)).json()).toEqual({ tier: 'NONE' })
  })
})

describe('POST /cart/addSubscription with trial: true', () => {
  it('starts the 3-day trial of that tier and puts nothing payable in the cart', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await post('/api/cart/addSubscription', member.headers, { tier: 'BASIC', trial: true })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ message: 'Your 3-day free trial has started.' })
    expect((await get('/api/trial/status', member.headers)).json()).toMatchObject({
      isActive: true,
      accessType: 'trial',
      trialTier: 'BASIC',
      trialEndsAt: new Date(clock.now().getTime() + 3 * DAY_MS).toISOString(),
    })
    expect((await get('/api/cart/items', member.headers)).json()).toEqual([])
    expect((await get('/api/keycode-user/subscription', member.headers)).json()).toEqual({ tier: 'BASIC' })
  })

  it('refuses a second trial as /trial/start does', async () => {
    const member = await registerAndSignIn(testApp)
    await post('/api/cart/addSubscription', member.headers, { tier: 'BASIC', trial: true })
    const again = await post('/api/cart/addSubscription', member.headers, { tier: 'PROFESSIONAL', trial: true })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ message: 'You have already used your free trial.' })
    expect((await get('/api/cart/items', member.headers)).json()).toEqual([])
  })
})
