import { KEYCODE_REFUND_MESSAGES, SUPER_ADMIN_REFUND_REASONS } from '@keydesk/contracts/keycode-refunds'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { keycodeRefunds, sandboxRefunds } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let admin: SignedIn
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
  superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
})

afterAll(async () => {
  await testApp.close()
})

const body = { reason: 'SERVICE_FAILURE', note: 'Our queue was down for 30 hours on the day you ordered.' }
const refund = (id: string, headers: Record<string, string>, payload: object = body) =>
  testApp.app.inject({ method: 'POST', url: `/api/super-admin/requests/${id}/refund`, headers, payload })

const db = () => testApp.app.database.db
const requestRow = async (id: string) => (await db().select().from(vehicleRequests).where(eq(vehicleRequests.id, id)))[0]
const refundRow = async (id: string) => (await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, id)))[0]

async function releasedOrder() {
  const order = await paidMemberOrder(testApp, { validated: true })
  expect((await startRequest(testApp, admin, order.requestId)).statusCode).toBe(200)
  expect((await processRequest(testApp, admin, { vehicleId: order.requestId, keycode: 'KC-77' })).statusCode).toBe(200)
  return order
}

describe('POST /super-admin/requests/{id}/refund', () => {
  it('pays back a released keycode line for a service failure, and the member sees it refunded for that reason', async () => {
    const { member, requestId, transaction } = await releasedOrder()
    const answer = await refund(requestId, superAdmin.headers)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ amountCents: 6000, message: KEYCODE_REFUND_MESSAGES.refundedOnGround(6000) })
    expect(await requestRow(requestId)).toMatchObject({ status: 'REFUNDED' })
    expect(await refundRow(requestId)).toMatchObject({ status: 'REFUNDED', reason: 'SERVICE_FAILURE', issuedBy: superAdmin.id })
    const [paidBack] = await db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, transaction.paymentIntentId ?? ''))
    expect(paidBack).toMatchObject({ amountCents: 6000, idempotencyKey: `keycode-refund:${requestId}` })
    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: member.headers })).json()
    expect(dashboard.refundedRequests).toEqual([
      expect.objectContaining({ id: requestId, refund: expect.objectContaining({ reason: SUPER_ADMIN_REFUND_REASONS.SERVICE_FAILURE }) }),
    ])
  })

  it('pays back a pending line for a payment processing error', async () => {
    const { requestId } = await paidMemberOrder(testApp)
    expect((await refund(requestId, superAdmin.headers, { ...body, reason: 'PAYMENT_ERROR' })).statusCode).toBe(200)
    expect(await refundRow(requestId)).toMatchObject({ status: 'REFUNDED', reason: 'PAYMENT_ERROR' })
  })

  it('refuses an admin, who may refund only as no keycode available, and changes nothing', async () => {
    const { requestId } = await releasedOrder()
    expect((await refund(requestId, admin.headers)).statusCode).toBe(403)
    const outside = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${requestId}/no-keycode`,
      headers: admin.headers,
      payload: body,
    })
    expect(outside.statusCode).toBe(400)
    expect(await refundRow(requestId)).toBeUndefined()
    expect(await requestRow(requestId)).toMatchObject({ status: 'FULFILLED', refundHeldAt: null })
  })

  it('refuses a ground outside the policy, a second refund and an unpaid order', async () => {
    const { requestId } = await paidMemberOrder(testApp)
    expect((await refund(requestId, superAdmin.headers, { ...body, reason: 'NO_CODE_IN_PORTAL' })).statusCode).toBe(400)
    expect((await refund(requestId, superAdmin.headers)).statusCode).toBe(200)
    const second = await refund(requestId, superAdmin.headers, { ...body, reason: 'PAYMENT_ERROR' })
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe(KEYCODE_REFUND_MESSAGES.refunded)
    expect(
      await db()
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, `keycode-refund:${requestId}`)),
    ).toHaveLength(1)

    const [unpaid] = await db()
      .insert(vehicleRequests)
      .values({ userId: superAdmin.id, makeId: 1, model: 'Civic', year: 2016, vin: '1HGCM82633A004352', priceCents: 6000 })
      .returning()
    const refused = await refund(unpaid?.id ?? '', superAdmin.headers)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(KEYCODE_REFUND_MESSAGES.notPaid)
  })
})
