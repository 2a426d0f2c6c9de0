import { ADMIN_MESSAGES } from '@keydesk/contracts/admin'
import { KEYCODE_REFUND_MESSAGES, NO_KEYCODE_REASONS } from '@keydesk/contracts/keycode-refunds'
import { and, eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { transactions } from '../../../db/schema/payments.ts'
import { keycodeRefunds, sandboxRefunds } from '../../../db/schema/refunds.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAgain } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { addRequestsToCart } from '../../../test/payments.ts'
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

const clock = testClock()
let smtp: SmtpCatcher
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  smtp = await startSmtpCatcher()
  testApp = await createTestApp({ SMTP_URL: smtp.url }, { clock })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
  await smtp.close()
})

const body = { reason: 'NO_CODE_IN_PORTAL', note: 'The Honda portal answered "no record" for this VIN twice.' }

const endWithoutKeycode = (id: string, headers: Record<string, string>, payload: object = body) =>
  testApp.app.inject({ method: 'POST', url: `/api/admin/requests/${id}/no-keycode`, headers, payload })

const db = () => testApp.app.database.db
const requestRow = async (id: string) => (await db().select().from(vehicleRequests).where(eq(vehicleRequests.id, id)))[0]
const refundRow = async (id: string) => (await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, id)))[0]
const refundsAtProvider = (paymentIntentId: string | null) =>
  db()
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentIntentId, paymentIntentId ?? ''))

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text)
async function mailTo(address: string) {
  await testApp.app.mail.deliverDue()
  const mail = smtp.received.find((item) => addressOf(item) === address && item.subject?.startsWith('No keycode available'))
  if (!mail) throw new Error(`no refund mail reached ${address}`)
  return mail
}

describe('POST /admin/requests/{id}/no-keycode', () => {
  it("refunds a member's pending order in full at the provider, ends it as refunded and takes it off the queue", async () => {
    const { member, requestId, transaction } = await paidMemberOrder(testApp)
    const answer = await endWithoutKeycode(requestId, admin.headers)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ vehicleRequestId: requestId, amountCents: 6000, message: KEYCODE_REFUND_MESSAGES.issued(6000) })

    expect(await requestRow(requestId)).toMatchObject({ status: 'REFUNDED' })
    expect(await refundRow(requestId)).toMatchObject({
      status: 'REFUNDED',
      amountCents: 6000,
      reason: 'NO_CODE_IN_PORTAL',
      userId: member.id,
    })
    const [paidBack] = await refundsAtProvider(transaction.paymentIntentId)
    expect(paidBack).toMatchObject({ amountCents: 6000, idempotencyKey: `keycode-refund:${requestId}` })
    const [order] = await db().select().from(transactions).where(eq(transactions.id, transaction.id))
    expect(order?.orderStatus).toBe('REFUNDED')

    const queue = (await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests?limit=100', headers: admin.headers })).json()
    expect(queue.map((row: { id: string }) => row.id)).not.toContain(requestId)
    const [logged] = await db()
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.targetId, requestId), eq(actionLog.action, 'KEYCODE_REFUNDED')))
    expect(logged?.details).toMatchObject({
      reason: 'NO_CODE_IN_PORTAL',
      amountCents: 6000,
      confirmationNumber: transaction.confirmationNumber,
    })
  })

  it("shows the member the order as refunded, with the amount and the day, outside the dashboard's three lists", async () => {
    const { member, requestId, transaction } = await paidMemberOrder(testApp)
    const kept = await paidMemberOrder(testApp)
    expect((await endWithoutKeycode(requestId, admin.headers)).statusCode).toBe(200)
    const refund = {
      amountCents: 6000,
      refundedAt: clock.now().toISOString(),
      reason: NO_KEYCODE_REASONS.NO_CODE_IN_PORTAL,
      note: body.note,
    }

    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: member.headers })).json()
    const ids = (list: { id: string }[]) => list.map((row) => row.id)
    expect([...ids(dashboard.pendingRequests), ...ids(dashboard.inProgressRequests), ...ids(dashboard.fulfilledRequests)]).not.toContain(
      requestId,
    )
    expect(dashboard.refundedRequests).toEqual([expect.objectContaining({ id: requestId, status: 'REFUNDED', refund })])

    const orders = (await testApp.app.inject({ method: 'GET', url: '/api/user/orders', headers: member.headers })).json()
    expect(orders.orders).toEqual([expect.objectContaining({ id: requestId, status: 'REFUNDED', refund })])
    expect(orders.statusMap).toMatchObject({ REFUNDED: 1, PENDING: 0 })

    const listed = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/transactions?search=${transaction.confirmationNumber}`,
      headers: admin.headers,
    })
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: transaction.id, status: 'REFUNDED', paymentStatus: 'PAID', refundedCents: 6000 }),
    ])
    const other = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: kept.member.headers })).json()
    expect(other.refundedRequests).toEqual([])
  })

  it('mails the member which order, why, the amount and when the bank shows it', async () => {
    const { member, requestId, transaction } = await paidMemberOrder(testApp)
    expect(
      (await endWithoutKeycode(requestId, admin.headers, { reason: 'MANUFACTURER_REFUSED', note: 'Honda asked for the title.' }))
        .statusCode,
    ).toBe(200)
    const mail = await mailTo(member.email)
    expect(mail.subject).toBe('No keycode available for the 2016 Honda Civic: $60.00 refunded')
    expect(mail.text).toContain(transaction.confirmationNumber)
    expect(mail.text).toContain(NO_KEYCODE_REASONS.MANUFACTURER_REFUSED)
    expect(mail.text).toContain('Honda asked for the title.')
    expect(mail.text).toContain('within 5-10 business days')
    expect(mail.text).toContain('/user-dash')
  })

  it('refunds a started guest order and mails the guest a link to the order, which shows it refunded', async () => {
    const guest = await paidGuestOrder(testApp)
    expect((await startRequest(testApp, admin, guest.requestId)).statusCode).toBe(200)
    expect((await endWithoutKeycode(guest.requestId, admin.headers)).statusCode).toBe(200)
    const mail = await mailTo(guest.email)
    const token = /\/order-link#([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1]
    const opened = await testApp.app.inject({ method: 'POST', url: '/api/order-link', payload: { token } })
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toMatchObject({ status: 'REFUNDED', keycode: null })
  })

  it('refuses a released order, and refuses to release a refunded one', async () => {
    const released = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, released.requestId)).statusCode).toBe(200)
    expect((await processRequest(testApp, admin, { vehicleId: released.requestId, keycode: 'KC-1' })).statusCode).toBe(200)
    const late = await endWithoutKeycode(released.requestId, admin.headers)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(KEYCODE_REFUND_MESSAGES.released)

    const refunded = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, refunded.requestId)).statusCode).toBe(200)
    expect((await endWithoutKeycode(refunded.requestId, admin.headers)).statusCode).toBe(200)
    const release = await processRequest(testApp, admin, { vehicleId: refunded.requestId, keycode: 'KC-2' })
    expect(release.statusCode).toBe(409)
    expect(release.json().message).toBe(KEYCODE_REFUND_MESSAGES.refunded)
    expect((await requestRow(refunded.requestId))?.keycodeEncrypted).toBeNull()
  })

  it('refuses a second refund of the same order and pays once', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    expect((await endWithoutKeycode(requestId, admin.headers)).statusCode).toBe(200)
    const again = await endWithoutKeycode(requestId, admin.headers)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(KEYCODE_REFUND_MESSAGES.refunded)
    expect(await refundsAtProvider(transaction.paymentIntentId)).toHaveLength(1)
  })

  it('refuses an unpaid request and an unknown one, recording nothing', async () => {
    const member = await registerAndSignIn(testApp)
    const [unpaidId] = (await addRequestsToCart(testApp, 1, member.headers)).requestIds
    if (!unpaidId) throw new Error('no request added')
    const unpaid = await endWithoutKeycode(unpaidId, admin.headers)
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().message).toBe(KEYCODE_REFUND_MESSAGES.notPaid)
    expect(await refundRow(unpaidId)).toBeUndefined()
    expect((await requestRow(unpaidId))?.refundHeldAt).toBeNull()

    const unknown = await endWithoutKeycode('00000000-0000-4000-8000-000000000000', admin.headers)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe(KEYCODE_REFUND_MESSAGES.notFound)
  })

  it('is refused to a member, even for their own order, and to a caller not signed in', async () => {
    const { member, requestId } = await paidMemberOrder(testApp)
    expect((await endWithoutKeycode(requestId, member.headers)).statusCode).toBe(403)
    expect((await endWithoutKeycode(requestId, {})).statusCode).toBe(401)
    expect(await refundRow(requestId)).toBeUndefined()
    expect((await requestRow(requestId))?.status).toBe('PENDING')
  })

  it('refuses a missing reason and a note too short, in words, recording nothing', async () => {
    const { requestId } = await paidMemberOrder(testApp)
    const noReason = await endWithoutKeycode(requestId, admin.headers, { note: 'No code in the portal.' })
    expect(noReason.statusCode).toBe(400)
    const shortNote = await endWithoutKeycode(requestId, admin.headers, { reason: 'OTHER', note: ' a ' })
    expect(shortNote.statusCode).toBe(400)
    expect(shortNote.json().message).toContain(KEYCODE_REFUND_MESSAGES.noteRequired)
    expect(await refundRow(requestId)).toBeUndefined()
  })

  it('after a provider failure records nothing refunded, returns the order to work, and pays once with the same key when retried', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
    const refund = vi.spyOn(testApp.app.payments, 'refund').mockRejectedValueOnce(new Error('card network down'))
    try {
      const failed = await endWithoutKeycode(requestId, admin.headers)
      expect(failed.statusCode).toBe(503)
      expect(failed.json().message).toBe(KEYCODE_REFUND_MESSAGES.providerFailed)
      expect(await refundRow(requestId)).toMatchObject({ status: 'FAILED', lastError: 'card network down' })
      expect(await requestRow(requestId)).toMatchObject({ status: 'PENDING', refundHeldAt: null })
      expect(await refundsAtProvider(transaction.paymentIntentId)).toHaveLength(0)
      // Back at work: an admin may start it again.
      expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)

      const retried = await endWithoutKeycode(requestId, admin.headers)
      expect(retried.statusCode).toBe(200)
      expect(refund.mock.calls.map(([call]) => call.idempotencyKey)).toEqual([`keycode-refund:${requestId}`, `keycode-refund:${requestId}`])
    } finally {
      refund.mockRestore()
    }
    expect(await refundsAtProvider(transaction.paymentIntentId)).toHaveLength(1)
    expect(await requestRow(requestId)).toMatchObject({ status: 'REFUNDED' })
  })

  it('holds the order while the provider pays: a release meanwhile is refused, and a second refund waits its turn', async () => {
    const { requestId } = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    let paying: () => void = () => {}
    const original = testApp.app.payments.refund.bind(testApp.app.payments)
    const refund = vi.spyOn(testApp.app.payments, 'refund').mockImplementationOnce(async (request) => {
      await new Promise<void>((resolve) => {
        paying = resolve
      })
      return original(request)
    })
    try {
      const ending = endWithoutKeycode(requestId, admin.headers)
      await vi.waitFor(() => expect(refund).toHaveBeenCalled())
      const release = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'KC-3' })
      expect(release.statusCode).toBe(409)
      expect(release.json().message).toBe(KEYCODE_REFUND_MESSAGES.beingRefunded)
      const second = await endWithoutKeycode(requestId, admin.headers)
      expect(second.statusCode).toBe(409)
      expect(second.json().message).toBe(KEYCODE_REFUND_MESSAGES.inProgress)
      paying()
      expect((await ending).statusCode).toBe(200)
    } finally {
      refund.mockRestore()
    }
  })

  it('finishes an attempt left pending by a crash once its lease has passed, without paying twice', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    // The process paid at the provider and died before recording it.
    await testApp.app.payments.refund({
      paymentIntentId: transaction.paymentIntentId,
      sessionId: transaction.providerSessionId,
      amountCents: 6000,
      idempotencyKey: `keycode-refund:${requestId}`,
      metadata: {},
    })
    await db().update(vehicleRequests).set({ refundHeldAt: clock.now() }).where(eq(vehicleRequests.id, requestId))
    await db().insert(keycodeRefunds).values({
      vehicleRequestId: requestId,
      transactionId: transaction.id,
      amountCents: 6000,
      reason: 'OTHER',
      note: 'Left by a crash.',
      provider: 'sandbox',
      attemptedAt: clock.now(),
    })
    const busy = await endWithoutKeycode(requestId, admin.headers)
    expect(busy.statusCode).toBe(409)
    expect(busy.json().message).toBe(KEYCODE_REFUND_MESSAGES.inProgress)

    clock.advance(3 * 60 * 1000)
    await signInAgain(testApp, admin)
    const finished = await endWithoutKeycode(requestId, admin.headers)
    expect(finished.statusCode).toBe(200)
    expect(await refundsAtProvider(transaction.paymentIntentId)).toHaveLength(1)
  })

  it('gives back the Basic month discount the refunded line used', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    const items = transaction.items.map((item) =>
      item.vehicleRequestId === requestId && item.pricing
        ? { ...item, pricing: { ...item.pricing, discountRule: 'BASIC_MONTHLY' as const } }
        : item,
    )
    await db().update(transactions).set({ usesBasicDiscount: true, items }).where(eq(transactions.id, transaction.id))
    expect((await endWithoutKeycode(requestId, admin.headers)).statusCode).toBe(200)
    const [order] = await db().select().from(transactions).where(eq(transactions.id, transaction.id))
    expect(order?.usesBasicDiscount).toBe(false)
  })

  it('still starts the unheld orders, and says why it will not start a refunded one', async () => {
    const { requestId } = await paidMemberOrder(testApp)
    expect((await endWithoutKeycode(requestId, admin.headers)).statusCode).toBe(200)
    const start = await startRequest(testApp, admin, requestId)
    expect(start.statusCode).toBe(409)
    expect(start.json().message).toBe(KEYCODE_REFUND_MESSAGES.refunded)
    const other = await paidMemberOrder(testApp)
    const started = await startRequest(testApp, admin, other.requestId)
    expect(started.statusCode).toBe(200)
    expect(started.json().message).toBe(ADMIN_MESSAGES.statusUpdated)
  })
})
