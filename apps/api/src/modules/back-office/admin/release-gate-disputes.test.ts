import { DISPUTE_MESSAGES } from '@keydesk/contracts/disputes'
import { releaseRefusal } from '@keydesk/contracts/release-gate'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentDisputes } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, payInSandbox, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout, deliver } from '../../../test/payments.ts'
import { disputeEvent } from '../../../test/provider-events.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { findReleaseRequest, listPaidRequests } from '../../ordering/index.ts'

let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const holdOf = async (requestId: string) => (await findReleaseRequest(db(), requestId))?.disputeHold ?? null

async function disputed(paymentIntentId: string | null, closedAs?: 'won' | 'lost') {
  const opened = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: paymentIntentId ?? '' })
  expect((await deliver(testApp, opened.event)).statusCode).toBe(200)
  if (closedAs) {
    const closed = disputeEvent(testApp, 'charge.dispute.closed', {
      id: opened.id,
      paymentIntentId: paymentIntentId ?? '',
      status: closedAs,
    })
    expect((await deliver(testApp, closed.event)).statusCode).toBe(200)
  }
  return opened.id
}

const validMember = { isGuest: false, accountValidated: true, accountActive: true, hasRecipient: true }

describe('the release gate and disputes', () => {
  it('holds an order whose payment is disputed, and lets it go once the dispute is won', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
    expect(await holdOf(requestId)).toBeNull()
    const disputeId = await disputed(transaction.paymentIntentId)
    expect(await holdOf(requestId)).toBe('DISPUTE_OPEN')
    const closed = disputeEvent(testApp, 'charge.dispute.closed', {
      id: disputeId,
      paymentIntentId: transaction.paymentIntentId ?? '',
      status: 'won',
    })
    expect((await deliver(testApp, closed.event)).statusCode).toBe(200)
    expect(await holdOf(requestId)).toBeNull()
  })

  it('holds an order whose dispute was lost', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
    await disputed(transaction.paymentIntentId, 'lost')
    expect(await holdOf(requestId)).toBe('DISPUTE_LOST')
  })

  it("holds a member's further orders for a super admin's review after a dispute of a released order", async () => {
    const { member, requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-REVIEW-1' })).statusCode).toBe(200)
    await disputed(transaction.paymentIntentId, 'won')

    const { requestIds } = await addRequestsToCart(testApp, 1, member.headers)
    const { sessionId } = (await checkout(testApp, 6000, member.headers)).json()
    await payInSandbox(testApp, sessionId)
    const further = requestIds[0] as string
    expect(await holdOf(further)).toBe('AWAITING_REVIEW')

    await db().update(paymentDisputes).set({ reviewClearedAt: new Date() }).where(eq(paymentDisputes.userId, member.id))
    expect(await holdOf(further)).toBeNull()
  })

  it('holds only the disputed checkout of a guest, who has no account to review', async () => {
    const disputedOrder = await paidGuestOrder(testApp, 'same-guest@example.com')
    const other = await paidGuestOrder(testApp, 'same-guest@example.com')
    await disputed(disputedOrder.transaction.paymentIntentId)
    expect(await holdOf(disputedOrder.requestId)).toBe('DISPUTE_OPEN')
    expect(await holdOf(other.requestId)).toBeNull()
  })

  it('marks the held order in the queue', async () => {
    const held = await paidMemberOrder(testApp)
    const free = await paidMemberOrder(testApp)
    await disputed(held.transaction.paymentIntentId)
    const rows = await listPaidRequests(db(), 'PENDING', { limit: 100, offset: 0 })
    const holdById = new Map(rows.map((row) => [row.request.id, row.disputeHold]))
    expect(holdById.get(held.requestId)).toBe('DISPUTE_OPEN')
    expect(holdById.get(free.requestId)).toBeNull()
  })

  it('refuses a held order in words, whatever reason the admin gives to release anyway', () => {
    const override = { overrideReason: 'The buyer called and I know them well.' }
    expect(releaseRefusal({ ...validMember, disputeHold: 'DISPUTE_OPEN' }, override)).toBe(DISPUTE_MESSAGES.releaseDisputeOpen)
    expect(releaseRefusal({ ...validMember, disputeHold: 'DISPUTE_LOST' }, override)).toBe(DISPUTE_MESSAGES.releaseDisputeLost)
    expect(releaseRefusal({ ...validMember, disputeHold: 'AWAITING_REVIEW' }, override)).toBe(DISPUTE_MESSAGES.releaseAwaitingReview)
    expect(releaseRefusal({ ...validMember, disputeHold: null }, {})).toBeNull()
  })
})
