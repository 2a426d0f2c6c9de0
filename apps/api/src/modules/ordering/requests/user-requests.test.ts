import { dueAtFor } from '@keydesk/contracts/service-levels'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn } from '../../../test/accounts.ts'
import { payInSandbox } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const dashboard = async (who: SignedIn) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: who.headers })).json()

describe('GET /vehicle/user-requests: where each order stands', () => {
  it('answers a request still in the cart as unpaid, with no confirmation number, payment time or due time', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    const answer = await dashboard(member)
    expect(answer.pendingRequests).toEqual([
      expect.objectContaining({ status: 'PENDING', paid: false, paidAt: null, dueAt: null, confirmationNumber: null }),
    ])
  })

  it("answers a paid order with its order's confirmation number, when it was paid, when its code is due and the price charged", async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
    await addRequestsToCart(testApp, 1, member.headers)
    // Honda: member price 45, less Professional's 20%: 36.00, not the 60.00 the request was listed at.
    const transaction = await payInSandbox(testApp, (await checkout(testApp, 3600, member.headers)).json().sessionId)
    const [row] = await testApp.app.database.db
      .select({ paidAt: vehicleRequests.paidAt, servicePlan: vehicleRequests.servicePlan })
      .from(vehicleRequests)
      .where(eq(vehicleRequests.userId, member.id))
    if (!row?.paidAt || !row.servicePlan) throw new Error('the request was not marked paid')

    const [order] = (await dashboard(member)).pendingRequests
    expect(order).toMatchObject({
      paid: true,
      confirmationNumber: transaction.confirmationNumber,
      paidAt: row.paidAt.toISOString(),
      dueAt: dueAtFor(row.servicePlan, row.paidAt).toISOString(),
      price: 36,
      keycodePrice: 36,
    })
  })

  it("never answers another member's requests, paid or unpaid", async () => {
    const owner = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, owner.headers)
    await payInSandbox(testApp, (await checkout(testApp, 6000, owner.headers)).json().sessionId)
    await addRequestsToCart(testApp, 1, owner.headers)
    const stranger = await registerAndSignIn(testApp)
    expect(await dashboard(stranger)).toEqual({ pendingRequests: [], inProgressRequests: [], fulfilledRequests: [], refundedRequests: [] })
  })
})
