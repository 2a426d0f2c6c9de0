import { SANDBOX_EVENT_MESSAGES } from '@keydesk/contracts/disputes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { keycodeRefunds, paymentDisputes, sandboxRefunds } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { findReleaseRequest } from '../requests/queue-repository.ts'

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

const db = () => testApp.app.database.db
const raise = (url: string, payload: object, who: SignedIn = superAdmin) =>
  testApp.app.inject({ method: 'POST', url: `/sandbox-checkout${url}`, payload, headers: who.headers })

describe('the sandbox raises what happens at Stripe after a payment', () => {
  it('pays an order back "in the dashboard" and the webhook records the line refunded at the provider', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    const answer = await raise(`/payments/${transaction.paymentIntentId}/dashboard-refund`, { amountCents: 6000 })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ event: 'charge.refunded', message: SANDBOX_EVENT_MESSAGES.delivered('charge.refunded') })
    const [refund] = await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, requestId))
    expect(refund).toMatchObject({ status: 'REFUNDED', reason: 'REFUNDED_AT_PROVIDER', providerRefundId: answer.json().id })
    const [request] = await db().select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId))
    expect(request?.status).toBe('REFUNDED')
  })

  it('fails a refund it made, which the webhook records failed and the payment no longer counts', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    const refunded = await raise(`/payments/${transaction.paymentIntentId}/dashboard-refund`, { amountCents: 6000 })
    const failed = await raise(`/refunds/${refunded.json().id}/fail`, { reason: 'lost_or_stolen_card' })
    expect(failed.statusCode).toBe(200)
    expect(failed.json().event).toBe('charge.refund.updated')
    const [refund] = await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, requestId))
    expect(refund).toMatchObject({ status: 'FAILED', lastError: expect.stringContaining('lost_or_stolen_card') })
    expect(await db().select().from(sandboxRefunds).where(eq(sandboxRefunds.id, refunded.json().id))).toEqual([])
  })

  it('opens a dispute, which holds the order, and closes it lost', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    const opened = await raise(`/payments/${transaction.paymentIntentId}/dispute`, { reason: 'product_not_received' })
    expect(opened.statusCode).toBe(200)
    const disputeId = opened.json().id as string
    expect((await findReleaseRequest(db(), requestId))?.disputeHold).toBe('DISPUTE_OPEN')
    const closed = await raise(`/disputes/${disputeId}/close`, { paymentIntentId: transaction.paymentIntentId, outcome: 'lost' })
    expect(closed.statusCode).toBe(200)
    const [dispute] = await db().select().from(paymentDisputes).where(eq(paymentDisputes.providerDisputeId, disputeId))
    expect(dispute).toMatchObject({ status: 'LOST', reason: 'product_not_received', amountCents: 6000, transactionId: transaction.id })
  })

  it('refuses a dashboard refund of more than is left of the payment', async () => {
    const { transaction } = await paidMemberOrder(testApp)
    const answer = await raise(`/payments/${transaction.paymentIntentId}/dashboard-refund`, { amountCents: 6001 })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(SANDBOX_EVENT_MESSAGES.refused)
  })

  it('refuses an admin who is not a super admin', async () => {
    const { transaction } = await paidMemberOrder(testApp)
    expect((await raise(`/payments/${transaction.paymentIntentId}/dispute`, {}, admin)).statusCode).toBe(403)
    expect(await db().select().from(paymentDisputes).where(eq(paymentDisputes.transactionId, transaction.id))).toEqual([])
  })
})
