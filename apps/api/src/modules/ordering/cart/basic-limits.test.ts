import { DAY_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signInAgain } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, findTransaction, payInSandbox, TEST_VEHICLES } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

/**
 * Basic's limits and the PIN charge, as docs/decisions/021 decides them: through the cart's answer and the checkout
 * that charges it, so what a buyer reads beside a line is what the line costs.
 */
const clock = testClock(new Date('2026-11-22T12:00:00Z'))
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const cartOf = async (member: SignedIn) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json() as {
    make: string
    finalPrice: number
    standardPrice: number
    pinCharge: number
    discountPercent: number
    priceNote: string
  }[]
const post = (url: string, member: SignedIn, payload?: object) =>
  testApp.app.inject({ method: 'POST', url, headers: member.headers, payload })

/** A member on a paid Basic plan bought today, by the real checkout. */
async function basicMember() {
  const member = await registerAndSignIn(testApp)
  await post('/api/cart/addSubscription', member, { tier: 'BASIC' })
  const opened = await checkout(testApp, 999, member.headers)
  await payInSandbox(testApp, opened.json().sessionId)
  return member
}

async function payCart(member: SignedIn, amountCents: number) {
  const opened = await checkout(testApp, amountCents, member.headers)
  expect(opened.statusCode, opened.body).toBe(200)
  await payInSandbox(testApp, opened.json().sessionId)
  return findTransaction(testApp, opened.json().sessionId)
}

describe("Basic's limited vehicle access (Ford, Nissan, Chevrolet)", () => {
  it('prices a Toyota at the standard price without discount, and says why', async () => {
    const member = await basicMember()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Toyota)
    expect(await cartOf(member)).toEqual([
      expect.objectContaining({
        make: 'Toyota',
        finalPrice: 75,
        discountPercent: 0,
        priceNote: 'Standard price: Basic covers Ford, Nissan and Chevrolet',
      }),
    ])
    expect((await checkout(testApp, 6375, member.headers)).statusCode).toBe(409)
    expect((await payCart(member, 7500)).amountCents).toBe(7500)
  })

  it('counts GMC as its own make, not as Chevy', async () => {
    const member = await basicMember()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.GMC)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ make: 'GMC', finalPrice: 70, discountPercent: 0 })])
  })

  it('prices a Chevrolet at the member price with the month’s discount', async () => {
    const member = await basicMember()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Chevrolet)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ make: 'Chevrolet', finalPrice: 50, discountPercent: 15 })])
    expect((await payCart(member, 4250)).amountCents).toBe(4250)
  })
})

describe("Basic's one discounted keycode a plan month", () => {
  it('continues across a trial converted to a paid Basic plan: the discount the trial gave is the month’s one', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await post('/api/trial/start?tier=BASIC', member)).statusCode).toBe(200)
    const trialStart = clock.now()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ finalPrice: 55, discountPercent: 15 })])
    await payCart(member, 4675)

    clock.advance(60 * 60 * 1000)
    await signInAgain(testApp, member)
    await post('/api/cart/addSubscription', member, { tier: 'BASIC' })
    const opened = await checkout(testApp, 999, member.headers)
    expect(opened.statusCode, opened.body).toBe(200)
    await payInSandbox(testApp, opened.json().sessionId)
    const planStart = clock.now()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ finalPrice: 55, discountPercent: 0 })])
    expect((await checkout(testApp, 4675, member.headers)).statusCode).toBe(409)
    expect(trialStart.getTime()).toBeLessThan(planStart.getTime())

    // The next plan month, counted from the plan's start, brings the next discount.
    clock.advance(30 * DAY_MS)
    await signInAgain(testApp, member)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ finalPrice: 55, discountPercent: 15 })])
  })

  it('discounts one line of an order: the dearest covered one', async () => {
    const member = await basicMember()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Chevrolet)
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Nissan)
    const lines = await cartOf(member)
    expect(lines.map((line) => [line.make, line.finalPrice, line.discountPercent])).toEqual([
      ['Chevrolet', 50, 0],
      ['Nissan', 56, 15],
    ])
    expect(lines[0]?.priceNote).toBe('Member price. Basic discount goes to one keycode a month')
    const paid = await payCart(member, 5000 + 4760)
    expect(paid.items.map((line) => [line.amountCents, line.pricing?.discountRule])).toEqual([
      [5000, 'BASIC_ONE_LINE'],
      [4760, 'BASIC_MONTHLY'],
    ])
  })

  it('charges a later order of the same month the member price, says when the next discount comes, and discounts again in the next month', async () => {
    const member = await basicMember()
    const planStart = clock.now()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    await payCart(member, 4675)

    clock.advance(10 * DAY_MS)
    await signInAgain(testApp, member)
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    const nextOn = new Date(planStart.getTime() + 30 * DAY_MS).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(await cartOf(member)).toEqual([
      expect.objectContaining({
        finalPrice: 55,
        discountPercent: 0,
        priceNote: `Member price. Your Basic discount for this month is used; next on ${nextOn}`,
      }),
    ])
    expect((await checkout(testApp, 4675, member.headers)).statusCode).toBe(409)

    clock.advance(20 * DAY_MS)
    await signInAgain(testApp, member)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ finalPrice: 55, discountPercent: 15 })])
  })

  it('is held by a checkout that can still be paid, and given back when it expires unpaid', async () => {
    const member = await basicMember()
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    expect((await checkout(testApp, 4675, member.headers)).statusCode).toBe(200)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ discountPercent: 0 })])
    clock.advance(2 * 60 * 60 * 1000)
    await signInAgain(testApp, member)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ discountPercent: 15 })])
  })

  it('gives a trial of Basic one discounted keycode for the whole trial', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await post('/api/trial/start?tier=BASIC', member)).statusCode).toBe(200)
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    await payCart(member, 4675)
    clock.advance(DAY_MS)
    await signInAgain(testApp, member)
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ finalPrice: 55, discountPercent: 0 })])
  })

  it('does not limit Professional: every line of every order takes its discount', async () => {
    const member = await registerAndSignIn(testApp)
    await db().update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
    await addRequestsToCart(testApp, 2, member.headers, TEST_VEHICLES.Toyota)
    expect((await cartOf(member)).map((line) => line.discountPercent)).toEqual([20, 20])
  })
})

describe('the PIN charge', () => {
  it('adds $20 to a Nissan for a buyer without a plan, as its own part of the line', async () => {
    const buyer = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, buyer.headers, TEST_VEHICLES.Nissan)
    expect(await cartOf(buyer)).toEqual([
      expect.objectContaining({ finalPrice: 90, standardPrice: 90, pinCharge: 20, priceNote: 'Non-member price, +$20 for the PIN code' }),
    ])
    const paid = await payCart(buyer, 9000)
    expect(paid.items[0]?.pricing).toMatchObject({ pinCents: 2000, beforeDiscountCents: 9000 })
    // The provider's page, the success page and the receipt name the rule with the line.
    expect(paid.items[0]?.description).toMatch(/^Keycode lookup for VIN ending \d{4}: Non-member price, \+\$20 for the PIN code$/)
  })

  it('charges guests the PIN too', async () => {
    const { guestUserId } = await addRequestsToCart(testApp, 1, {}, TEST_VEHICLES.Nissan)
    const lines = (await testApp.app.inject({ method: 'GET', url: `/api/cart/items/public?guestUserId=${guestUserId}` })).json()
    expect(lines).toEqual([expect.objectContaining({ finalPrice: 90, pinCharge: 20 })])
  })

  it('includes the PIN for members', async () => {
    const member = await registerAndSignIn(testApp)
    await db().update(users).set({ subscriptionTier: 'ENTERPRISE' }).where(eq(users.id, member.id))
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Nissan)
    expect(await cartOf(member)).toEqual([expect.objectContaining({ finalPrice: 56, standardPrice: 90, pinCharge: 0 })])
  })
})

describe('a plan bought with keycodes in one checkout', () => {
  it('prices and serves those keycodes as the buyer stood when the checkout opened', async () => {
    const buyer = await registerAndSignIn(testApp)
    const { requestIds } = await addRequestsToCart(testApp, 1, buyer.headers)
    await post('/api/cart/addSubscription', buyer, { tier: 'ENTERPRISE' })
    const paid = await payCart(buyer, 6000 + 9999)
    expect(paid.servicePlan).toBe('NONE')
    const [request] = await db()
      .select({ servicePlan: vehicleRequests.servicePlan })
      .from(vehicleRequests)
      .where(eq(vehicleRequests.id, requestIds[0] ?? ''))
    expect(request?.servicePlan).toBe('NONE')
    await addRequestsToCart(testApp, 1, buyer.headers)
    expect(await cartOf(buyer)).toEqual([expect.objectContaining({ finalPrice: 45, discountPercent: 25 })])
  })
})
