import { cartTotal } from '@keydesk/contracts/cart-total'
import { planCharge } from '@keydesk/contracts/plan-prices'
import { seededRandom } from '@keydesk/contracts/seeded-random'
import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, findTransaction, payInSandbox, TEST_VEHICLES } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * Property: over random carts (no plan, a paid plan or a trial of each tier, Basic's discount spent or not earlier in
 * the month, any mix of makes, a plan line in the cart), the cart's total as the web app computes it is the amount
 * the checkout accepts, the recorded lines add up to it, each keycode line records the discount the cart showed, a
 * plan line is charged its list price, and each paid request records its own line's amount (docs/decisions/021).
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const CASES = 24
const VEHICLES = Object.values(TEST_VEHICLES)
const HOLDINGS = ['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE', 'TRIAL_BASIC', 'TRIAL_PROFESSIONAL'] as const
const TIER_OF: Record<(typeof HOLDINGS)[number], SubscriptionTier> = {
  NONE: 'NONE',
  BASIC: 'BASIC',
  PROFESSIONAL: 'PROFESSIONAL',
  ENTERPRISE: 'ENTERPRISE',
  TRIAL_BASIC: 'BASIC',
  TRIAL_PROFESSIONAL: 'PROFESSIONAL',
}
const TIER_RANK = { NONE: 0, BASIC: 1, PROFESSIONAL: 2, ENTERPRISE: 3 } as const

type CartLine = { kind: 'KEYCODE' | 'SUBSCRIPTION'; finalPrice: number; discountPercent?: number }
const cartOf = async (member: SignedIn) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json() as CartLine[]
const post = (url: string, member: SignedIn, payload?: object) =>
  testApp.app.inject({ method: 'POST', url, headers: member.headers, payload })

async function memberHolding(holding: (typeof HOLDINGS)[number]) {
  const member = await registerAndSignIn(testApp)
  if (holding === 'TRIAL_BASIC' || holding === 'TRIAL_PROFESSIONAL') {
    expect((await post(`/api/trial/start?tier=${holding.slice('TRIAL_'.length)}`, member)).statusCode).toBe(200)
  } else if (holding !== 'NONE') {
    await testApp.app.database.db.update(users).set({ subscriptionTier: holding }).where(eq(users.id, member.id))
  }
  return member
}

describe('the cart, the checkout and the recorded payment agree', () => {
  for (let seed = 1; seed <= CASES; seed++) {
    it(`on random cart ${seed}`, async () => {
      const random = seededRandom(seed)
      const holding = random.pick(HOLDINGS)
      const member = await memberHolding(holding)
      const tier = TIER_OF[holding]

      if (random.integer(0, 1) === 1) {
        // An order earlier in the month, at whatever the cart says.
        await addRequestsToCart(testApp, 1, member.headers, random.pick(VEHICLES))
        const earlier = cartTotal(await cartOf(member), tier)
        await payInSandbox(testApp, (await checkout(testApp, Math.round(earlier.total * 100), member.headers)).json().sessionId)
      }

      for (let count = random.integer(1, 4); count > 0; count--) {
        await addRequestsToCart(testApp, 1, member.headers, random.pick(VEHICLES))
      }
      const plans = (['BASIC', 'PROFESSIONAL', 'ENTERPRISE'] as const).filter((plan) => TIER_RANK[plan] > TIER_RANK[tier])
      const plan = holding.startsWith('TRIAL_') || plans.length === 0 || random.integer(0, 2) === 0 ? null : random.pick(plans)
      const billing = plan && plan !== 'ENTERPRISE' && random.integer(0, 1) === 1 ? 'ANNUAL' : 'MONTHLY'
      if (plan) expect((await post('/api/cart/addSubscription', member, { tier: plan, billing })).statusCode).toBe(200)

      const lines = await cartOf(member)
      const totalCents = Math.round(cartTotal(lines, tier).total * 100)
      const opened = await checkout(testApp, totalCents, member.headers)
      expect(opened.statusCode, `seed ${seed}: ${opened.body}`).toBe(200)
      const row = await findTransaction(testApp, opened.json().sessionId)
      expect(row.amountCents).toBe(totalCents)
      expect(row.items.reduce((sum, line) => sum + line.amountCents, 0)).toBe(totalCents)
      const keycodeLines = lines.filter((line) => line.kind === 'KEYCODE')
      expect(row.items.filter((line) => line.kind === 'KEYCODE').map((line) => line.pricing?.discountPercent)).toEqual(
        keycodeLines.map((line) => line.discountPercent),
      )
      for (const planLine of row.items.filter((line) => line.kind === 'SUBSCRIPTION')) {
        expect(planLine.amountCents).toBe(planCharge(planLine.tier ?? 'BASIC', planLine.billing ?? 'MONTHLY')?.firstChargeCents)
      }

      await payInSandbox(testApp, opened.json().sessionId)
      const requestIds = row.items.flatMap((line) => (line.vehicleRequestId ? [line.vehicleRequestId] : []))
      const paid = await testApp.app.database.db
        .select({ id: vehicleRequests.id, paidPriceCents: vehicleRequests.paidPriceCents })
        .from(vehicleRequests)
        .where(inArray(vehicleRequests.id, requestIds))
      const paidOf = new Map(paid.map((request) => [request.id, request.paidPriceCents]))
      for (const line of row.items.filter((item) => item.vehicleRequestId)) {
        expect(paidOf.get(line.vehicleRequestId ?? '')).toBe(line.amountCents)
      }
      expect((await findTransaction(testApp, opened.json().sessionId)).status).toBe('PAID')
    })
  }
})
