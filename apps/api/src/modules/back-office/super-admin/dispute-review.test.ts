import { DISPUTE_MESSAGES } from '@keydesk/contracts/disputes'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { paymentDisputes } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, payInSandbox, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout, deliver } from '../../../test/payments.ts'
import { chargeRefunded, disputeEvent, listedRefund, refundFailed } from '../../../test/provider-events.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { findReleaseRequest } from '../../ordering/index.ts'

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

/** A validated member whose released order was disputed, and their next paid order, which waits for the review. */
async function disputedAfterRelease() {
  const { member, requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
  expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
  expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-REVIEWED-1' })).statusCode).toBe(200)
  const opened = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: transaction.paymentIntentId as string })
  expect((await deliver(testApp, opened.event)).statusCode).toBe(200)
  const [dispute] = await db().select().from(paymentDisputes).where(eq(paymentDisputes.providerDisputeId, opened.id))
  const { requestIds } = await addRequestsToCart(testApp, 1, member.headers)
  await payInSandbox(testApp, (await checkout(testApp, 6000, member.headers)).json().sessionId)
  return { member, dispute: dispute as NonNullable<typeof dispute>, further: requestIds[0] as string, transaction }
}

const clear = (id: string, who: SignedIn) =>
  testApp.app.inject({ method: 'POST', url: `/api/super-admin/disputes/${id}/clear-review`, headers: who.headers })

describe('POST /super-admin/disputes/{id}/clear-review', () => {
  it("clears the buyer's review, so their further orders can be released, and logs who did it", async () => {
    const { member, dispute, further } = await disputedAfterRelease()
    expect((await findReleaseRequest(db(), further))?.disputeHold).toBe('AWAITING_REVIEW')

    const answer = await clear(dispute.id, superAdmin)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      message: DISPUTE_MESSAGES.reviewCleared,
      dispute: { id: dispute.id, reviewPending: false, releasedBefore: true },
    })
    const [row] = await db().select().from(paymentDisputes).where(eq(paymentDisputes.id, dispute.id))
    expect(row).toMatchObject({ reviewClearedBy: superAdmin.id, reviewClearedAt: expect.any(Date) })
    // The dispute itself is still open: its own checkout stays held, the member's other order does not.
    expect((await findReleaseRequest(db(), further))?.disputeHold).toBeNull()
    const logged = await db()
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'DISPUTE_REVIEW_CLEARED'), eq(actionLog.targetId, member.id)))
    expect(logged).toEqual([
      expect.objectContaining({ actorId: superAdmin.id, details: expect.objectContaining({ disputeId: dispute.id }) }),
    ])
  })

  it('refuses to clear a review twice', async () => {
    const { dispute } = await disputedAfterRelease()
    expect((await clear(dispute.id, superAdmin)).statusCode).toBe(200)
    const again = await clear(dispute.id, superAdmin)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(DISPUTE_MESSAGES.noReview)
  })

  it('refuses an admin who is not a super admin, and changes nothing', async () => {
    const { dispute, further } = await disputedAfterRelease()
    const answer = await clear(dispute.id, admin)
    expect(answer.statusCode).toBe(403)
    expect((await findReleaseRequest(db(), further))?.disputeHold).toBe('AWAITING_REVIEW')
    expect((await testApp.app.inject({ method: 'GET', url: '/api/super-admin/disputes', headers: admin.headers })).statusCode).toBe(403)
  })

  it('answers 404 for an unknown dispute', async () => {
    const answer = await clear('00000000-0000-4000-8000-000000000000', superAdmin)
    expect(answer.statusCode).toBe(404)
    expect(answer.json().message).toBe(DISPUTE_MESSAGES.notFound)
  })
})

describe('GET /super-admin/disputes', () => {
  it('lists disputes with their buyer and order, and refunds the provider reported failed', async () => {
    const { member, dispute, transaction } = await disputedAfterRelease()
    const refunded = await paidMemberOrder(testApp)
    const paymentIntentId = refunded.transaction.paymentIntentId as string
    expect(
      (await deliver(testApp, chargeRefunded(testApp, paymentIntentId, 6000, [listedRefund('re_listed_failed', 6000)]))).statusCode,
    ).toBe(200)
    expect((await deliver(testApp, refundFailed(testApp, 're_listed_failed', paymentIntentId))).statusCode).toBe(200)

    const answer = await testApp.app.inject({ method: 'GET', url: '/api/super-admin/disputes', headers: superAdmin.headers })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().disputes).toContainEqual(
      expect.objectContaining({
        id: dispute.id,
        confirmationNumber: transaction.confirmationNumber,
        status: 'OPEN',
        releasedBefore: true,
        reviewPending: true,
        buyer: { id: member.id, name: expect.any(String), email: member.email },
      }),
    )
    expect(answer.json().failedRefunds).toContainEqual(
      expect.objectContaining({
        vehicleRequestId: refunded.requestId,
        providerRefundId: 're_listed_failed',
        lastError: expect.stringContaining('expired_or_canceled_card'),
      }),
    )
  })
})

describe("the buyer's account in the back office", () => {
  it("shows admins the member's disputes, and not the member themselves", async () => {
    const { member, dispute } = await disputedAfterRelease()
    const seen = await testApp.app.inject({ method: 'GET', url: `/api/auth/getUserProfile/${member.id}`, headers: admin.headers })
    expect(seen.json().disputes).toEqual([expect.objectContaining({ id: dispute.id, status: 'OPEN', reviewPending: true })])
    const own = await testApp.app.inject({ method: 'GET', url: `/api/auth/getUserProfile/${member.id}`, headers: member.headers })
    expect(own.json().disputes).toBeUndefined()
  })
})
