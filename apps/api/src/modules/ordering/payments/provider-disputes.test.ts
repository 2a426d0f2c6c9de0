import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { paymentDisputes } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { deliver } from '../../../test/payments.ts'
import { disputeEvent } from '../../../test/provider-events.ts'
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

const db = () => testApp.app.database.db
const disputesOf = (providerDisputeId: string) =>
  db().select().from(paymentDisputes).where(eq(paymentDisputes.providerDisputeId, providerDisputeId))

async function delivered(event: { payload: string; signature: string }) {
  const answer = await deliver(testApp, event)
  expect(answer.statusCode).toBe(200)
}

describe('charge.dispute.created and charge.dispute.closed', () => {
  it('records a dispute on an unreleased order as open, with the buyer and no release before it', async () => {
    const { member, transaction } = await paidMemberOrder(testApp)
    const { id, event } = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: transaction.paymentIntentId as string })
    await delivered(event)
    expect(await disputesOf(id)).toEqual([
      expect.objectContaining({
        transactionId: transaction.id,
        userId: member.id,
        amountCents: 6000,
        reason: 'fraudulent',
        status: 'OPEN',
        releasedBefore: false,
        closedAt: null,
      }),
    ])
  })

  it('changes nothing when the same dispute is delivered again', async () => {
    const { transaction } = await paidMemberOrder(testApp)
    const { id, event } = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: transaction.paymentIntentId as string })
    await delivered(event)
    const [recorded] = await disputesOf(id)
    await delivered(event)
    await delivered(disputeEvent(testApp, 'charge.dispute.created', { id, paymentIntentId: transaction.paymentIntentId as string }).event)
    expect(await disputesOf(id)).toEqual([recorded])
    const logged = await db()
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'PAYMENT_DISPUTED'), eq(actionLog.targetId, recorded?.id ?? '')))
    expect(logged).toHaveLength(1)
  })

  it('says the dispute came after a release when a keycode of the checkout had gone out', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-DISPUTE-1' })).statusCode).toBe(200)
    const { id, event } = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: transaction.paymentIntentId as string })
    await delivered(event)
    expect((await disputesOf(id))[0]).toMatchObject({ status: 'OPEN', releasedBefore: true })
  })

  it('closes a dispute the issuer decided for the shop as won, and one decided for the buyer as lost', async () => {
    const won = await paidMemberOrder(testApp)
    const lost = await paidGuestOrder(testApp)
    const opened = [won, lost].map(({ transaction }) =>
      disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: transaction.paymentIntentId as string }),
    )
    for (const { event } of opened) await delivered(event)
    const [wonId, lostId] = opened.map(({ id }) => id) as [string, string]
    await delivered(
      disputeEvent(testApp, 'charge.dispute.closed', {
        id: wonId,
        paymentIntentId: won.transaction.paymentIntentId as string,
        status: 'won',
      }).event,
    )
    const closedLost = disputeEvent(testApp, 'charge.dispute.closed', {
      id: lostId,
      paymentIntentId: lost.transaction.paymentIntentId as string,
      status: 'lost',
    }).event
    await delivered(closedLost)
    await delivered(closedLost)
    expect((await disputesOf(wonId))[0]).toMatchObject({ status: 'WON', closedAt: expect.any(Date) })
    expect((await disputesOf(lostId))[0]).toMatchObject({ status: 'LOST', userId: null, closedAt: expect.any(Date) })
  })

  it('records a dispute whose opening never arrived when its closing does', async () => {
    const { transaction } = await paidMemberOrder(testApp)
    const { id, event } = disputeEvent(testApp, 'charge.dispute.closed', {
      paymentIntentId: transaction.paymentIntentId as string,
      status: 'lost',
    })
    await delivered(event)
    expect(await disputesOf(id)).toEqual([expect.objectContaining({ status: 'LOST', transactionId: transaction.id })])
  })

  it('ignores a dispute of a payment no order of ours holds', async () => {
    const { id, event } = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: 'pi_unknown_elsewhere' })
    await delivered(event)
    expect(await disputesOf(id)).toEqual([])
  })
})
