import { ORDER_LINK_MESSAGES } from '@keydesk/contracts/order-link'
import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { keycodeReleases } from '../../../db/schema/releases.ts'
import type { SignedIn } from '../../../test/accounts.ts'
import { signedInAdmin, signInAgain } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

const clock = testClock()
let smtp: SmtpCatcher
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  smtp = await startSmtpCatcher({ refuse: (address) => address.endsWith('@bounce.example') })
  testApp = await createTestApp({ SMTP_URL: smtp.url }, { clock })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
  await smtp.close()
})

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text)

/** Starts and fulfils the request, delivers the outbox over SMTP and answers the keycode mail the buyer got. */
async function fulfilAndReceive(requestId: string, to: string, body: Record<string, unknown>) {
  expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
  expect((await processRequest(testApp, admin, { vehicleId: requestId, ...body })).statusCode).toBe(200)
  await testApp.app.mail.deliverDue()
  const mail = smtp.received.find((item) => addressOf(item) === to && item.subject?.startsWith('Your keycode for the'))
  if (!mail) throw new Error(`no keycode mail reached ${to}`)
  return mail
}

const linkIn = (mail: ParsedMail) => {
  const match = /\/order-link#([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')
  if (!match?.[1]) throw new Error('no order link in the mail')
  return match[1]
}

const openLink = (token: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/order-link', payload: { token }, headers: { 'content-type': 'application/json' } })

describe('keycode mail', () => {
  it('reaches a guest who paid at the address typed at checkout, with the vehicle, the keycode, the PIN and a link', async () => {
    const guest = await paidGuestOrder(testApp)
    const mail = await fulfilAndReceive(guest.requestId, guest.email, {
      keycode: 'KC-GUEST-5521',
      pincode: 'PIN-8812',
      identityChecked: true,
    })
    expect(mail.subject).toBe('Your keycode for the 2016 Honda Civic is ready')
    for (const part of [mail.text ?? '', String(mail.html)]) {
      expect(part).toContain('KC-GUEST-5521')
      expect(part).toContain('PIN-8812')
      expect(part).toContain(guest.transaction.confirmationNumber)
      expect(part).toContain('/order-link#')
    }
    expect(mail.text).toContain(`VIN ending: ${guest.transaction.items[0]?.vehicle?.vin.slice(-4)}`)
    expect(String(mail.html)).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
  })

  it('reaches a member with the keycode and a link to the dashboard', async () => {
    const { member, requestId } = await paidMemberOrder(testApp, { validated: true })
    const mail = await fulfilAndReceive(requestId, member.email, { keycode: 'KC-MEMBER-3307' })
    expect(mail.text).toContain('KC-MEMBER-3307')
    expect(mail.text).toContain('/user-dash')
    expect(mail.text).not.toContain('/order-link')
  })

  it('carries no code for a member who chose to receive codes in the account only', async () => {
    const { member, requestId } = await paidMemberOrder(testApp, { validated: true })
    const choice = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/security',
      payload: { keycodesByEmail: false },
      headers: member.headers,
    })
    expect(choice.json()).toMatchObject({ keycodesByEmail: false })
    const mail = await fulfilAndReceive(requestId, member.email, { keycode: 'KC-ACCOUNT-ONLY-9921', pincode: 'PIN-4410' })
    expect(`${mail.text} ${mail.html}`).not.toContain('KC-ACCOUNT-ONLY-9921')
    expect(`${mail.text} ${mail.html}`).not.toContain('PIN-4410')
    expect(mail.text).toContain('Sign in to see your keycode')
    const [release] = await testApp.app.database.db.select().from(keycodeReleases).where(eq(keycodeReleases.vehicleRequestId, requestId))
    expect(release?.channels).toEqual(['account'])
  })
})

describe('order link', () => {
  it('shows that order only, with its keycode and PIN, and logs each showing as a view of the link, not as a release', async () => {
    const first = await paidGuestOrder(testApp)
    const second = await paidGuestOrder(testApp)
    const firstMail = await fulfilAndReceive(first.requestId, first.email, { keycode: 'KC-LINK-ONE', identityChecked: true })
    await fulfilAndReceive(second.requestId, second.email, { keycode: 'KC-LINK-TWO', pincode: 'PIN-TWO', identityChecked: true })
    const answer = await openLink(linkIn(firstMail))
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.json()).toMatchObject({
      confirmationNumber: first.transaction.confirmationNumber,
      status: 'FULFILLED',
      make: 'Honda',
      keycode: 'KC-LINK-ONE',
      pincode: null,
    })
    expect(answer.body).not.toContain('KC-LINK-TWO')
    expect(answer.body).not.toContain(first.email)
    await openLink(linkIn(firstMail))
    const db = testApp.app.database.db
    const [release] = await db.select().from(keycodeReleases).where(eq(keycodeReleases.vehicleRequestId, first.requestId))
    expect(release?.channels).toEqual(['email', 'guest-link'])
    const entries = await db.select().from(actionLog).where(eq(actionLog.targetId, first.requestId)).orderBy(actionLog.id)
    expect(entries.map((entry) => [entry.action, entry.actorId === null])).toEqual([
      ['REQUEST_STARTED', false],
      ['KEYCODE_RELEASED', false],
      ['ORDER_LINK_VIEWED', true],
      ['ORDER_LINK_VIEWED', true],
    ])
  })

  it('is refused with a wrong token, the same way as an unknown one', async () => {
    const guest = await paidGuestOrder(testApp)
    const mail = await fulfilAndReceive(guest.requestId, guest.email, { keycode: 'KC-WRONG-TOKEN', identityChecked: true })
    const token = linkIn(mail)
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    const answer = await openLink(altered)
    expect(answer.statusCode).toBe(404)
    expect(answer.json().message).toBe(ORDER_LINK_MESSAGES.invalid)
    expect(answer.body).not.toContain('KC-WRONG-TOKEN')
    expect((await openLink('not-a-token')).statusCode).toBe(400)
  })

  it('is refused after 30 days', async () => {
    const guest = await paidGuestOrder(testApp)
    const mail = await fulfilAndReceive(guest.requestId, guest.email, { keycode: 'KC-EXPIRED-LINK', identityChecked: true })
    const token = linkIn(mail)
    clock.advance(29 * 24 * 60 * 60 * 1000)
    expect((await openLink(token)).statusCode).toBe(200)
    clock.advance(2 * 24 * 60 * 60 * 1000)
    const answer = await openLink(token)
    expect(answer.statusCode).toBe(404)
    expect(answer.body).not.toContain('KC-EXPIRED-LINK')
    await signInAgain(testApp, admin)
  })
})

describe('a keycode mail that cannot be delivered', () => {
  it('keeps the order fulfilled and lists the failed mail for the admins once the outbox gives up', async () => {
    const guest = await paidGuestOrder(testApp, `nobody-${Date.now()}@bounce.example`)
    expect((await startRequest(testApp, admin, guest.requestId)).statusCode).toBe(200)
    const body = { vehicleId: guest.requestId, keycode: 'KC-FAILED-MAIL', identityChecked: true }
    expect((await processRequest(testApp, admin, body)).statusCode).toBe(200)
    const db = testApp.app.database.db
    const keyed = eq(mailOutbox.dedupeKey, `keycode-ready:${guest.requestId}`)
    for (let attempt = 0; attempt < 8; attempt++) {
      // Every retry is due at once instead of after its back-off.
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(keyed)
      await testApp.app.mail.deliverDue()
    }
    const [mail] = await db.select().from(mailOutbox).where(keyed)
    expect(mail).toMatchObject({ status: 'FAILED', attempts: 8 })
    const [request] = await db.select().from(vehicleRequests).where(eq(vehicleRequests.id, guest.requestId))
    expect(request?.status).toBe('FULFILLED')
    const failed = (await testApp.app.inject({ method: 'GET', url: '/api/admin/failed-keycode-mails', headers: admin.headers })).json()
    expect(failed).toContainEqual(expect.objectContaining({ vehicleRequestId: guest.requestId, to: guest.email }))
    expect(JSON.stringify(failed)).not.toContain('KC-FAILED-MAIL')
    const member = await paidMemberOrder(testApp)
    const refused = await testApp.app.inject({ method: 'GET', url: '/api/admin/failed-keycode-mails', headers: member.member.headers })
    expect(refused.statusCode).toBe(403)
  })
})
