import { KEYCODE_REFUND_REASONS } from '@keydesk/contracts/keycode-refunds'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { transactions } from '../../../db/schema/payments.ts'
import { keycodeRefunds } from '../../../db/schema/refunds.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, payInSandbox, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout, deliver } from '../../../test/payments.ts'
import { chargeRefunded, listedRefund, refundFailed } from '../../../test/provider-events.ts'
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

/** A member's paid checkout of two Honda keycodes (60 dollars each), paid in the sandbox. */
async function paidTwoLineOrder() {
  const member = await registerAndSignIn(testApp)
  await addRequestsToCart(testApp, 2, member.headers)
  const { sessionId } = (await checkout(testApp, 12_000, member.headers)).json()
  const order = await payInSandbox(testApp, sessionId)
  const requestIds = order.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : []))
  return {
    member,
    order,
    paymentIntentId: order.paymentIntentId as string,
    first: requestIds[0] as string,
    second: requestIds[1] as string,
  }
}

const refundOf = async (requestId: string) =>
  (await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, requestId)))[0]
const statusOf = async (requestId: string) =>
  (await db().select({ status: vehicleRequests.status }).from(vehicleRequests).where(eq(vehicleRequests.id, requestId)))[0]?.status
const orderStatusOf = async (transactionId: string) =>
  (await db().select({ status: transactions.orderStatus }).from(transactions).where(eq(transactions.id, transactionId)))[0]?.status
const logOf = (action: string, targetId: string) =>
  db()
    .select()
    .from(actionLog)
    .where(and(eq(actionLog.action, action), eq(actionLog.targetId, targetId)))

async function delivered(event: { payload: string; signature: string }) {
  const answer = await deliver(testApp, event)
  expect(answer.statusCode).toBe(200)
}

describe('charge.refunded: a refund made in the provider dashboard', () => {
  it('records a whole refund on every keycode line as refunded at the provider and ends the order', async () => {
    const { order, paymentIntentId, first, second } = await paidTwoLineOrder()
    await delivered(chargeRefunded(testApp, paymentIntentId, 12_000, [listedRefund('re_dash_whole', 12_000)]))

    expect(await refundOf(first)).toMatchObject({
      status: 'REFUNDED',
      reason: 'REFUNDED_AT_PROVIDER',
      amountCents: 6000,
      providerRefundId: 're_dash_whole',
      transactionId: order.id,
    })
    // The provider's refund id is unique to one line; the second line's record names no id of its own.
    expect(await refundOf(second)).toMatchObject({ status: 'REFUNDED', reason: 'REFUNDED_AT_PROVIDER', providerRefundId: null })
    expect([await statusOf(first), await statusOf(second)]).toEqual(['REFUNDED', 'REFUNDED'])
    expect(await orderStatusOf(order.id)).toBe('REFUNDED')
    expect(await logOf('KEYCODE_REFUNDED_AT_PROVIDER', second)).toEqual([
      expect.objectContaining({
        actorId: null,
        details: expect.objectContaining({ amountCents: 6000, providerRefundId: 're_dash_whole' }),
      }),
    ])
  })

  it('changes nothing when the same event is delivered again', async () => {
    const { paymentIntentId, first } = await paidTwoLineOrder()
    const event = chargeRefunded(testApp, paymentIntentId, 6000, [listedRefund('re_dash_twice', 6000)])
    await delivered(event)
    const recorded = await refundOf(first)
    await delivered(event)
    await delivered(chargeRefunded(testApp, paymentIntentId, 6000, [listedRefund('re_dash_twice', 6000)]))
    expect(await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, first))).toEqual([recorded])
    expect(await logOf('KEYCODE_REFUNDED_AT_PROVIDER', first)).toHaveLength(1)
  })

  it('records each line once under 20 concurrent deliveries of the same refund', async () => {
    const { order, paymentIntentId, first, second } = await paidTwoLineOrder()
    const deliveries = Array.from({ length: 20 }, () =>
      chargeRefunded(testApp, paymentIntentId, 12_000, [listedRefund('re_dash_storm', 12_000)]),
    )
    const answers = await Promise.all(deliveries.map((event) => deliver(testApp, event)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(deliveries.map(() => 200))
    const rows = await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.transactionId, order.id))
    expect(rows.map((row) => row.vehicleRequestId).sort()).toEqual([first, second].sort())
    expect([
      ...(await logOf('KEYCODE_REFUNDED_AT_PROVIDER', first)),
      ...(await logOf('KEYCODE_REFUNDED_AT_PROVIDER', second)),
    ]).toHaveLength(2)
  })

  it('shows the buyer the refunded order with the provider reason and the note', async () => {
    const { member, paymentIntentId, first } = await paidTwoLineOrder()
    await delivered(chargeRefunded(testApp, paymentIntentId, 6000))
    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: member.headers })).json()
    expect(dashboard.refundedRequests).toEqual([
      expect.objectContaining({
        id: first,
        refund: expect.objectContaining({ amountCents: 6000, reason: KEYCODE_REFUND_REASONS.REFUNDED_AT_PROVIDER }),
      }),
    ])
  })

  it('refunds lines in checkout order only when the refunded total covers them whole', async () => {
    const { order, paymentIntentId, first, second } = await paidTwoLineOrder()
    await delivered(chargeRefunded(testApp, paymentIntentId, 9000))
    expect(await statusOf(first)).toBe('REFUNDED')
    expect(await statusOf(second)).toBe('PENDING')
    expect(await refundOf(second)).toBeUndefined()
    expect(await orderStatusOf(order.id)).toBe('PENDING')
  })

  it('logs for a super admin the part of a refund that no whole line accounts for, once per refunded total', async () => {
    const { order, paymentIntentId, first } = await paidTwoLineOrder()
    await delivered(chargeRefunded(testApp, paymentIntentId, 2500))
    await delivered(chargeRefunded(testApp, paymentIntentId, 2500))
    expect(await statusOf(first)).toBe('PENDING')
    expect(await logOf('PROVIDER_REFUND_UNMATCHED', order.id)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ unmatchedCents: 2500, amountRefundedCents: 2500 }) }),
    ])

    // A second partial refund brings the total past the first line: it is refunded, and 500 cents stay unmatched.
    await delivered(chargeRefunded(testApp, paymentIntentId, 6500))
    expect(await statusOf(first)).toBe('REFUNDED')
    const logged = await logOf('PROVIDER_REFUND_UNMATCHED', order.id)
    expect(logged.map((entry) => entry.details.unmatchedCents).sort()).toEqual([2500, 500])
  })

  it('does not count twice a line Keydesk refunded itself, whose refund Stripe also reports', async () => {
    const { transaction, requestId } = await paidMemberOrder(testApp)
    const ended = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${requestId}/no-keycode`,
      headers: admin.headers,
      payload: { reason: 'NO_CODE_IN_PORTAL', note: 'The portal has no record of this VIN.' },
    })
    expect(ended.statusCode).toBe(200)
    const own = await refundOf(requestId)
    const paymentIntentId = transaction.paymentIntentId as string
    await delivered(
      chargeRefunded(testApp, paymentIntentId, 6000, [listedRefund(own?.providerRefundId ?? '', 6000, `keycode-refund:${requestId}`)]),
    )
    expect(await refundOf(requestId)).toEqual(own)
    expect(await logOf('PROVIDER_REFUND_UNMATCHED', transaction.id)).toEqual([])
  })

  it('gives back the Basic month discount when the refunded line used it', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    const items = transaction.items.map((item) =>
      item.vehicleRequestId === requestId && item.pricing
        ? { ...item, pricing: { ...item.pricing, discountRule: 'BASIC_MONTHLY' as const } }
        : item,
    )
    await db().update(transactions).set({ usesBasicDiscount: true, items }).where(eq(transactions.id, transaction.id))
    await delivered(chargeRefunded(testApp, transaction.paymentIntentId as string, 6000))
    const [order] = await db().select().from(transactions).where(eq(transactions.id, transaction.id))
    expect(order?.usesBasicDiscount).toBe(false)
  })

  it('records a released line refunded in the dashboard as refunded too', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-DASH-1' })).statusCode).toBe(200)
    await delivered(chargeRefunded(testApp, transaction.paymentIntentId as string, 6000))
    expect(await statusOf(requestId)).toBe('REFUNDED')
    expect(await refundOf(requestId)).toMatchObject({ status: 'REFUNDED', reason: 'REFUNDED_AT_PROVIDER' })
  })
})

describe('refund failures reported by the provider', () => {
  it('marks the refund failed with the provider reason, once', async () => {
    const { paymentIntentId, first } = await paidTwoLineOrder()
    await delivered(chargeRefunded(testApp, paymentIntentId, 6000, [listedRefund('re_dash_fails', 6000)]))
    await delivered(refundFailed(testApp, 're_dash_fails', paymentIntentId))
    await delivered(refundFailed(testApp, 're_dash_fails', paymentIntentId, 'refund.failed'))
    expect(await refundOf(first)).toMatchObject({ status: 'FAILED', lastError: expect.stringContaining('expired_or_canceled_card') })
    expect(await logOf('REFUND_FAILED_AT_PROVIDER', first)).toHaveLength(1)
  })

  it('records a later dashboard refund on the line whose refund failed', async () => {
    const { paymentIntentId, first } = await paidTwoLineOrder()
    await delivered(chargeRefunded(testApp, paymentIntentId, 6000, [listedRefund('re_dash_first', 6000)]))
    await delivered(refundFailed(testApp, 're_dash_first', paymentIntentId))
    // Stripe no longer counts a failed refund in the charge's refunded total; the new one brings it back to 6000.
    await delivered(chargeRefunded(testApp, paymentIntentId, 6000, [listedRefund('re_dash_again', 6000)]))
    expect(await refundOf(first)).toMatchObject({ status: 'REFUNDED', providerRefundId: 're_dash_again', lastError: null })
  })
})
