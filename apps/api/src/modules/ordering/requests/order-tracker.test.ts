import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn, type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, payInSandbox, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const tracker = (who: SignedIn, requestId?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/vehicle/order-tracker${requestId ? `?requestId=${requestId}` : ''}`,
    headers: who.headers,
  })

describe('GET /vehicle/order-tracker?requestId=', () => {
  it("lights only the steps that order has reached, whatever the member's other orders did", async () => {
    const { member, requestId: first } = await paidMemberOrder(testApp, { validated: true })
    await addRequestsToCart(testApp, 1, member.headers)
    const second = await payInSandbox(testApp, (await checkout(testApp, 6000, member.headers)).json().sessionId)
    const secondId = second.items[0]?.vehicleRequestId as string

    expect((await tracker(member, first)).json()).toEqual({ ACCOUNT: true, DOCS: false, PROCESSING: false, COMPLETED: false })
    await startRequest(testApp, admin, first)
    expect((await tracker(member, first)).json()).toMatchObject({ PROCESSING: true, COMPLETED: false })
    await processRequest(testApp, admin, { vehicleId: first, keycode: 'KC-TRACKER' })
    expect((await tracker(member, first)).json()).toMatchObject({ PROCESSING: true, COMPLETED: true })
    expect((await tracker(member, secondId)).json()).toMatchObject({ PROCESSING: false, COMPLETED: false })
    expect((await tracker(member)).json()).toMatchObject({ COMPLETED: true })
  })

  it('lights no step for a request still in the cart, even for a validated member', async () => {
    const { member } = await paidMemberOrder(testApp, { validated: true })
    await addRequestsToCart(testApp, 1, member.headers)
    const [unpaid] = (await testApp.app.inject({ url: '/api/vehicle/user-requests', headers: member.headers }))
      .json()
      .pendingRequests.filter((request: { paid: boolean }) => !request.paid)
    expect((await tracker(member, unpaid.id)).json()).toEqual({ ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false })
  })

  it('does not light Account Verified for an account nobody validated', async () => {
    const { member, requestId } = await paidMemberOrder(testApp)
    expect((await tracker(member, requestId)).json()).toMatchObject({ ACCOUNT: false })
  })

  it("answers 404 for another member's order", async () => {
    const { requestId } = await paidMemberOrder(testApp)
    const stranger = await registerAndSignIn(testApp)
    const answer = await tracker(stranger, requestId)
    expect(answer.statusCode).toBe(404)
  })
})
