import { KEYCODE_REFUND_REASONS } from '@keydesk/contracts/keycode-refunds'
import { PROBLEM_DECLINE_REASONS, PROBLEM_REPORT_MESSAGES } from '@keydesk/contracts/problem-reports'
import { DAY_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { keycodeRefunds, problemReports } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin, signInAgain } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
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

const db = () => testApp.app.database.db
const requestRow = async (id: string) => (await db().select().from(vehicleRequests).where(eq(vehicleRequests.id, id)))[0]
const reportRows = (requestId: string) => db().select().from(problemReports).where(eq(problemReports.vehicleRequestId, requestId))
const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text)

const report = (headers: Record<string, string>, payload: object) =>
  testApp.app.inject({ method: 'POST', url: '/api/vehicle/problem-reports', headers, payload })
const answer = (id: string, payload: object, headers = admin.headers) =>
  testApp.app.inject({ method: 'POST', url: `/api/admin/problem-reports/${id}/answer`, headers, payload })
const openReports = async () =>
  (await testApp.app.inject({ method: 'GET', url: '/api/admin/problem-reports?status=OPEN', headers: admin.headers })).json()

async function released(order: { requestId: string }, keycode = 'KC-4410') {
  await signInAgain(testApp, admin)
  expect((await startRequest(testApp, admin, order.requestId)).statusCode).toBe(200)
  expect((await processRequest(testApp, admin, { vehicleId: order.requestId, keycode, identityChecked: true })).statusCode).toBe(200)
}

const didNotWork = { reason: 'CODE_DID_NOT_WORK', message: 'The key cut from this code does not turn the ignition.' }

describe('reporting a problem', () => {
  it("files a member's report on a released order, which waits in the back office by the review clock with its order", async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    await released(order)
    const filed = await report(order.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })
    expect(filed.statusCode).toBe(201)
    expect(filed.json()).toMatchObject({ message: PROBLEM_REPORT_MESSAGES.sent, report: { status: 'OPEN', reason: 'CODE_DID_NOT_WORK' } })
    const dueAt = new Date(filed.json().report.reviewDueAt).getTime()
    expect(dueAt - clock.now().getTime()).toBeGreaterThanOrEqual(3 * DAY_MS)
    expect(dueAt - clock.now().getTime()).toBeLessThanOrEqual(5 * DAY_MS)

    const mine = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/problem-reports', headers: order.member.headers })).json()
    expect(mine.reports).toEqual([expect.objectContaining({ vehicleRequestId: order.requestId, status: 'OPEN' })])
    const queued = (await openReports()).reports.find((row: { vehicleRequestId: string }) => row.vehicleRequestId === order.requestId)
    expect(queued).toMatchObject({
      overdue: false,
      order: { confirmationNumber: order.transaction.confirmationNumber, status: 'FULFILLED', paidCents: 6000 },
      buyer: { email: order.member.email, guest: false },
    })
    expect(queued.order.releasedAt).not.toBeNull()
    const counts = (await testApp.app.inject({ method: 'GET', url: '/api/admin/queue-counts', headers: admin.headers })).json()
    expect(counts.openProblemReports).toBe((await openReports()).total)
  })

  it("refuses another buyer's order as no order at all, and a report made twice for the same reason", async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    const stranger = await paidMemberOrder(testApp)
    await released(order)
    const refused = await report(stranger.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(PROBLEM_REPORT_MESSAGES.notFound)
    expect((await report(order.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })).statusCode).toBe(201)
    const twice = await report(order.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(PROBLEM_REPORT_MESSAGES.duplicate)
    expect(await reportRows(order.requestId)).toHaveLength(1)
  })

  it('refuses a code that was never released, and a late order before its due time, but takes it once it is overdue', async () => {
    const order = await paidMemberOrder(testApp)
    const early = await report(order.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })
    expect(early.json().message).toBe(PROBLEM_REPORT_MESSAGES.notReleased)
    const late = { vehicleRequestId: order.requestId, reason: 'LATE', message: 'Ordered this morning and nothing yet.' }
    const notYet = await report(order.member.headers, late)
    expect(notYet.statusCode).toBe(409)
    expect(notYet.json().message).toBe(PROBLEM_REPORT_MESSAGES.notYetDue)
    const dueAt = (await requestRow(order.requestId))?.dueAt
    clock.advance((dueAt?.getTime() ?? 0) - clock.now().getTime() + 60_000)
    await signInAgain(testApp, order.member)
    expect((await report(order.member.headers, late)).statusCode).toBe(201)
  })

  it('refuses a message too short, with the words of the form', async () => {
    const order = await paidMemberOrder(testApp)
    const short = await report(order.member.headers, { vehicleRequestId: order.requestId, reason: 'CHARGED_WRONGLY', message: 'bad' })
    expect(short.statusCode).toBe(400)
    expect(JSON.stringify(short.json())).toContain(PROBLEM_REPORT_MESSAGES.messageRequired)
    expect(await reportRows(order.requestId)).toHaveLength(0)
  })
})

describe('answering a report', () => {
  it('refunds a released line on the policy ground for the reason, answers the report and refuses a report on the refunded order', async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    await released(order)
    const filed = (await report(order.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })).json()
    const refunded = await answer(filed.report.id, { answer: 'REFUND', note: 'Honda confirmed the code was for another VIN.' })
    expect(refunded.statusCode).toBe(200)
    expect(refunded.json().message).toBe(PROBLEM_REPORT_MESSAGES.refundedAnswer)
    expect(await requestRow(order.requestId)).toMatchObject({ status: 'REFUNDED' })
    const [refund] = await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, order.requestId))
    expect(refund).toMatchObject({ status: 'REFUNDED', reason: 'CODE_DID_NOT_WORK', amountCents: 6000 })
    const [answered] = await reportRows(order.requestId)
    expect(answered).toMatchObject({ status: 'REFUNDED', answeredBy: admin.id })

    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: order.member.headers })).json()
    expect(dashboard.refundedRequests[0].refund.reason).toBe(KEYCODE_REFUND_REASONS.CODE_DID_NOT_WORK)
    const again = await report(order.member.headers, {
      vehicleRequestId: order.requestId,
      reason: 'CHARGED_WRONGLY',
      message: 'Charged twice.',
    })
    expect(again.json().message).toBe(PROBLEM_REPORT_MESSAGES.refunded)
    const second = await answer(filed.report.id, { answer: 'DECLINE', declineReason: 'OTHER', note: 'Too late.' })
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe(PROBLEM_REPORT_MESSAGES.answered)
  })

  it('sends a released code back to the pending queue for a corrected one, and the next release replaces it', async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    await released(order, 'KC-WRONG')
    const filed = (await report(order.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })).json()
    const rechecked = await answer(filed.report.id, { answer: 'RECHECK', note: 'We are asking Honda again.' })
    expect(rechecked.statusCode).toBe(200)
    expect(await requestRow(order.requestId)).toMatchObject({ status: 'PENDING', keycodeEncrypted: null, fulfilledAt: null })
    const queue = (await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests?limit=100', headers: admin.headers })).json()
    expect(queue.map((row: { id: string }) => row.id)).toContain(order.requestId)
    await released(order, 'KC-RIGHT')
    const dashboard = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: order.member.headers })).json()
    expect(dashboard.fulfilledRequests).toEqual([expect.objectContaining({ id: order.requestId, keycode: 'KC-RIGHT' })])
    await testApp.app.mail.deliverDue()
    expect(
      smtp.received.some(
        (mail) => addressOf(mail) === order.member.email && mail.subject?.startsWith('We are getting a corrected keycode'),
      ),
    ).toBe(true)
  })

  it('answers an open report as refunded when the order is refunded by another path', async () => {
    const order = await paidMemberOrder(testApp)
    await signInAgain(testApp, order.member, admin)
    await report(order.member.headers, {
      vehicleRequestId: order.requestId,
      reason: 'CHARGED_WRONGLY',
      message: 'I see two charges for this.',
    })
    const ended = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${order.requestId}/no-keycode`,
      headers: admin.headers,
      payload: { reason: 'NO_CODE_IN_PORTAL', note: 'No record at Honda.' },
    })
    expect(ended.statusCode).toBe(200)
    expect((await reportRows(order.requestId))[0]).toMatchObject({
      status: 'REFUNDED',
      answerNote: 'No record at Honda.',
      answeredBy: admin.id,
    })
    expect((await openReports()).reports.map((row: { vehicleRequestId: string }) => row.vehicleRequestId)).not.toContain(order.requestId)
  })

  it('refuses to send back an order that was never released', async () => {
    const order = await paidMemberOrder(testApp)
    await signInAgain(testApp, order.member)
    const filed = (
      await report(order.member.headers, { vehicleRequestId: order.requestId, reason: 'CHARGED_WRONGLY', message: 'I see two charges.' })
    ).json()
    const refused = await answer(filed.report.id, { answer: 'RECHECK', note: 'Checking.' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(PROBLEM_REPORT_MESSAGES.recheckNotReleased)
    expect((await reportRows(order.requestId))[0]?.status).toBe('OPEN')
  })

  it("lets a guest report from the order link and mails the decline with the policy's reason, which the link then shows", async () => {
    const guest = await paidGuestOrder(testApp)
    await released(guest)
    await testApp.app.mail.deliverDue()
    const keycodeMail = smtp.received.find((mail) => addressOf(mail) === guest.email && mail.subject?.startsWith('Your keycode for the'))
    const token = /\/order-link#([A-Za-z0-9_-]{43})/.exec(keycodeMail?.text ?? '')?.[1]
    const filed = await testApp.app.inject({ method: 'POST', url: '/api/order-link/problem-reports', payload: { token, ...didNotWork } })
    expect(filed.statusCode).toBe(201)
    const declined = await answer(filed.json().report.id, {
      answer: 'DECLINE',
      declineReason: 'USER_ERROR',
      note: 'The VIN you gave is for a 2015.',
    })
    expect(declined.statusCode).toBe(200)
    const opened = (await testApp.app.inject({ method: 'POST', url: '/api/order-link', payload: { token } })).json()
    expect(opened.problemReports).toEqual([
      expect.objectContaining({
        status: 'DECLINED',
        declineReason: PROBLEM_DECLINE_REASONS.USER_ERROR,
        answerNote: 'The VIN you gave is for a 2015.',
      }),
    ])
    await testApp.app.mail.deliverDue()
    const mail = smtp.received.find((item) => addressOf(item) === guest.email && item.subject?.startsWith('Your problem report'))
    expect(mail?.text).toContain(PROBLEM_DECLINE_REASONS.USER_ERROR)
    expect(mail?.text).toContain('/order-link#')
    const wrongToken = await testApp.app.inject({
      method: 'POST',
      url: '/api/order-link/problem-reports',
      payload: { token: 'A'.repeat(43), ...didNotWork },
    })
    expect(wrongToken.statusCode).toBe(404)
  })

  it('refuses a member, and an admin answering a report that does not exist', async () => {
    const order = await paidMemberOrder(testApp, { validated: true })
    await released(order)
    const filed = (await report(order.member.headers, { vehicleRequestId: order.requestId, ...didNotWork })).json()
    expect((await answer(filed.report.id, { answer: 'REFUND', note: 'Refund me.' }, order.member.headers)).statusCode).toBe(403)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/problem-reports', headers: order.member.headers })).statusCode).toBe(
      403,
    )
    const unknown = await answer('00000000-0000-4000-8000-000000000000', { answer: 'REFUND', note: 'Refund.' })
    expect(unknown.statusCode).toBe(404)
    expect((await reportRows(order.requestId))[0]?.status).toBe('OPEN')
  })
})
