import { CONTACT_MESSAGES } from '@keydesk/contracts/support'
import { SUPPORT_INBOX_MESSAGES, SUPPORT_ON_CALL_NOTICE, SUPPORT_REPLY_LINK_TTL_DAYS } from '@keydesk/contracts/support-inbox'
import { HOUR_MS } from '@keydesk/contracts/time'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { notices } from '../../../db/schema/member.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAgain, uniqueEmail, uniqueIp } from '../../../test/accounts.ts'
import { paidMemberOrder } from '../../../test/paid-orders.ts'
import { memberWithPlan } from '../../../test/plans.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { openBodies } from '../../platform/mail/outbox.ts'

/** Tuesday 15 January 2030, 10:00 in New York (EST): inside support hours. */
const TUESDAY_10_EST = new Date('2030-01-15T15:00:00Z')
const clock = testClock(TUESDAY_10_EST)
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp(
    { SUPPORT_EMAIL: 'help@keydesk.test', SUPPORT_ON_CALL_EMAILS: 'night@keydesk.test, pager@keydesk.test' },
    { clock },
  )
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: object) =>
  testApp.app.inject({ method, url, headers, payload, remoteAddress: uniqueIp() })

const contact = (subject: string, headers: Record<string, string> = {}, extra: object = {}) =>
  inject('POST', '/api/support/contact', headers, {
    name: 'Sam Shop',
    email: uniqueEmail('visitor'),
    subject,
    message: `About ${subject}.`,
    ...extra,
  })
async function inbox(query = '') {
  const answer = await inject('GET', `/api/admin/support/conversations${query}`, admin.headers)
  if (answer.statusCode !== 200) throw new Error(`inbox ${answer.statusCode}: ${answer.body}`)
  return answer.json()
}
const itemOf = async (subject: string, query = '') =>
  (await inbox(query)).conversations.find((item: { subject: string }) => item.subject === subject)
const answer = (id: string, message: string, close = false) =>
  inject('POST', `/api/admin/support/conversations/${id}/answers`, admin.headers, { message, close })
const mailsTo = async (address: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).map((row) => ({
    subject: row.subject,
    text: openBodies(row, testApp.app.secretKey).text,
  }))
const linkTokenIn = (text: string) => /\/support\/reply#([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

beforeEach(async () => {
  // Every test starts at the same Tuesday morning with fresh sessions.
  clock.advance(TUESDAY_10_EST.getTime() - clock.now().getTime())
  await signInAgain(testApp, admin)
})

async function withTier(member: SignedIn, tier: 'BASIC' | 'PROFESSIONAL' | 'ENTERPRISE') {
  await db().update(users).set({ subscriptionTier: tier }).where(eq(users.id, member.id))
  return member
}

describe('one inbox ordered by each plan’s promise', () => {
  it('gives a Professional member 8 support hours and shows them before a Basic member who wrote earlier', async () => {
    const basic = await withTier(await registerAndSignIn(testApp), 'BASIC')
    const professional = (await memberWithPlan(testApp, 'PROFESSIONAL', 'MONTHLY')).member
    expect((await contact('Basic question', basic.headers)).statusCode).toBe(201)
    clock.advance(60_000)
    const sent = await contact('Professional question', professional.headers)
    expect(sent.json()).toEqual({ message: CONTACT_MESSAGES.sent })
    const items = (await inbox('?state=OPEN')).conversations.map((item: { subject: string }) => item.subject)
    expect(items.indexOf('Professional question')).toBeLessThan(items.indexOf('Basic question'))
    const item = await itemOf('Professional question')
    expect(item).toMatchObject({
      plan: 'PROFESSIONAL',
      state: 'OPEN',
      channel: 'CONTACT',
      writer: { email: professional.email, member: true },
    })
    // 10:01 EST on a Tuesday + 8 support hours: Wednesday 9:01 EST.
    expect(item.answerDueAt).toBe('2030-01-16T14:01:00.000Z')
  })

  it("keeps a visitor's message under the address typed, with the policy's 24 support hours and no plan", async () => {
    await contact('Visitor question')
    const item = await itemOf('Visitor question')
    expect(item).toMatchObject({ plan: 'NONE', writer: { name: 'Sam Shop', member: false }, handler: null })
    // Tuesday 10:00 EST + 24 support hours: Thursday 16:00 EST.
    expect(item.answerDueAt).toBe('2030-01-17T21:00:00.000Z')
    expect((await mailsTo('help@keydesk.test')).some((mail) => mail.subject === '[Contact] Visitor question')).toBe(true)
  })

  it('filters by plan, state and handler', async () => {
    const enterprise = await withTier(await registerAndSignIn(testApp), 'ENTERPRISE')
    await contact('Filtered question', enterprise.headers)
    const item = await itemOf('Filtered question')
    expect((await inbox('?plan=ENTERPRISE')).conversations.every((row: { plan: string }) => row.plan === 'ENTERPRISE')).toBe(true)
    expect(await itemOf('Filtered question', '?plan=BASIC')).toBeUndefined()
    expect(await itemOf('Filtered question', '?handler=me')).toBeUndefined()
    const taken = await inject('PATCH', `/api/admin/support/conversations/${item.id}`, admin.headers, { handler: 'me' })
    expect(taken.json().handler).toEqual({ id: admin.id, name: 'Ada Admin' })
    expect(await itemOf('Filtered question', '?handler=me')).toBeDefined()
    expect(await itemOf('Filtered question', '?handler=none')).toBeUndefined()
    expect(await itemOf('Filtered question', '?state=WAITING')).toBeUndefined()
  })
})

describe('answers that reach the buyer', () => {
  it('reaches a member in the chat, in a notice and by mail; the conversation then waits on them, and their reply reopens it', async () => {
    const member = (await memberWithPlan(testApp, 'PROFESSIONAL', 'MONTHLY')).member
    await contact('Where is my code', member.headers)
    const { id } = await itemOf('Where is my code')
    clock.advance(HOUR_MS)
    await signInAgain(testApp, admin, member)
    expect((await answer(id, 'It is on its way.')).statusCode).toBe(201)
    const history = (await inject('GET', '/api/chat/history', member.headers)).json()
    expect(history.at(-1)).toMatchObject({ sender: 'AGENT', message: 'It is on its way.' })
    expect((await db().select().from(notices).where(eq(notices.userId, member.id))).map((row) => row.message)).toContain(
      'Re: Where is my code',
    )
    const mail = (await mailsTo(member.email)).find((sent) => sent.subject === 'Re: Where is my code')
    expect(mail?.text).toContain('It is on its way.')
    expect(mail?.text).toContain(`/user/support?conversation=${id}`)
    expect(await itemOf('Where is my code')).toMatchObject({
      state: 'WAITING',
      answerDueAt: null,
      firstAnsweredAt: clock.now().toISOString(),
    })

    const mine = (await inject('GET', '/api/support/conversations', member.headers)).json()
    expect(mine.conversations.map((row: { subject: string; state: string }) => [row.subject, row.state])).toContainEqual([
      'Where is my code',
      'WAITING',
    ])
    const replied = await inject('POST', `/api/support/conversations/${id}/replies`, member.headers, { message: 'Thanks, got it.' })
    expect(replied.statusCode).toBe(201)
    expect(replied.json().messages.map((row: { sender: string; message: string }) => row.sender)).toEqual([
      'CUSTOMER',
      'SUPPORT',
      'CUSTOMER',
    ])
    expect(await itemOf('Where is my code')).toMatchObject({ state: 'OPEN', answerDueAt: '2030-01-16T15:00:00.000Z' })
  })

  it("refuses another member's conversation as absent, to read and to reply", async () => {
    const owner = await registerAndSignIn(testApp)
    const other = await registerAndSignIn(testApp)
    await contact('Private question', owner.headers)
    const { id } = await itemOf('Private question')
    expect((await inject('GET', `/api/support/conversations/${id}`, owner.headers)).statusCode).toBe(200)
    expect((await inject('GET', `/api/support/conversations/${id}`, other.headers)).statusCode).toBe(404)
    expect((await inject('POST', `/api/support/conversations/${id}/replies`, other.headers, { message: 'Mine now?' })).statusCode).toBe(404)
    expect((await inject('GET', '/api/support/conversations', other.headers)).json().total).toBe(0)
    expect((await inject('GET', '/api/admin/support/conversations', owner.headers)).statusCode).toBe(403)
    expect((await inject('POST', `/api/admin/support/conversations/${id}/answers`, owner.headers, { message: 'Mine?' })).statusCode).toBe(
      403,
    )
  })

  it("lets a member attach one of their own orders, and refuses another member's", async () => {
    const { member: owner, requestId } = await paidMemberOrder(testApp)
    const other = await registerAndSignIn(testApp)
    expect((await contact('About my order', owner.headers, { requestId })).statusCode).toBe(201)
    expect((await itemOf('About my order')).requestId).toBe(requestId)
    // The inbox names the order as the admin dashboard's search finds it: by its confirmation number once paid.
    const { order } = await itemOf('About my order')
    expect(order).toMatchObject({
      vehicle: expect.stringMatching(/^\d{4} \w+ .+, VIN \w{17}$/),
      confirmationNumber: expect.stringMatching(/^KD-/),
    })
    expect(order.search).toBe(order.confirmationNumber)
    expect((await contact('About nothing in particular', owner.headers)).statusCode).toBe(201)
    expect((await itemOf('About nothing in particular')).order).toBeNull()
    const refused = await contact('Not my order', other.headers, { requestId })
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(SUPPORT_INBOX_MESSAGES.orderNotFound)
    expect((await contact('Visitor naming an order', {}, { requestId })).statusCode).toBe(404)
  })

  it('reaches a visitor by mail with a link that reads the thread and takes one reply, which reopens the closed conversation', async () => {
    await contact('Guest question')
    const { id, writer } = await itemOf('Guest question')
    expect((await answer(id, 'Yes, we cover Subaru.', true)).statusCode).toBe(201)
    expect(await itemOf('Guest question')).toMatchObject({ state: 'CLOSED', answerDueAt: null })
    const [mail] = await mailsTo(writer.email)
    expect(mail?.text).toContain('Yes, we cover Subaru.')
    const token = linkTokenIn(mail?.text ?? '')
    const read = await inject('POST', '/api/support/link', {}, { token })
    expect(read.statusCode).toBe(200)
    expect(read.json().messages.map((row: { message: string }) => row.message)).toEqual(['About Guest question.', 'Yes, we cover Subaru.'])

    clock.advance(HOUR_MS)
    await signInAgain(testApp, admin)
    const replied = await inject('POST', '/api/support/link/replies', {}, { token, message: 'And Lexus?' })
    expect(replied.json()).toEqual({ message: SUPPORT_INBOX_MESSAGES.replied })
    expect(await itemOf('Guest question')).toMatchObject({ state: 'OPEN', answerDueAt: '2030-01-17T22:00:00.000Z' })

    const reused = await inject('POST', '/api/support/link/replies', {}, { token, message: 'Again?' })
    expect(reused.statusCode).toBe(404)
    expect(reused.json().message).toBe(SUPPORT_INBOX_MESSAGES.linkInvalid)
    expect((await inject('POST', '/api/support/link', {}, { token })).statusCode).toBe(404)
  })

  it('refuses a link once it has expired', async () => {
    await contact('Late guest')
    const { id, writer } = await itemOf('Late guest')
    await answer(id, 'Here you are.')
    const token = linkTokenIn((await mailsTo(writer.email))[0]?.text ?? '')
    clock.advance(SUPPORT_REPLY_LINK_TTL_DAYS * 24 * HOUR_MS + 1)
    expect((await inject('POST', '/api/support/link', {}, { token })).statusCode).toBe(404)
    expect((await inject('POST', '/api/support/link/replies', {}, { token, message: 'Too late?' })).statusCode).toBe(404)
  })
})

describe('chat in the inbox', () => {
  it("opens a chat conversation with a member's first message, joins the next to it, and an admin's chat answer is its first answer", async () => {
    const member = (await memberWithPlan(testApp, 'PROFESSIONAL', 'MONTHLY')).member
    await inject('POST', '/api/chat/send', member.headers, { message: 'First chat line' })
    await inject('POST', '/api/chat/send', member.headers, { message: 'Second chat line' })
    const mine = (await inject('GET', '/api/support/conversations', member.headers)).json()
    expect(mine.total).toBe(1)
    const id = mine.conversations[0].id
    clock.advance(10 * 60_000)
    await signInAgain(testApp, admin)
    await inject('POST', '/api/chat/send', admin.headers, { message: 'Chat answer', userId: member.id })
    const thread = (await inject('GET', `/api/admin/support/conversations/${id}`, admin.headers)).json()
    expect(thread).toMatchObject({ channel: 'CHAT', plan: 'PROFESSIONAL', state: 'WAITING', firstAnsweredAt: clock.now().toISOString() })
    expect(thread.messages.map((row: { message: string }) => row.message)).toEqual(['First chat line', 'Second chat line', 'Chat answer'])
  })
})

describe('the Enterprise night', () => {
  /** Saturday 19 January 2030, 23:30 in New York. */
  const SATURDAY_NIGHT = new Date('2030-01-20T04:30:00Z')

  it('alerts the admins on call once, by a mail to each configured address, and tells the writer', async () => {
    clock.advance(SATURDAY_NIGHT.getTime() - clock.now().getTime())
    await signInAgain(testApp, admin)
    const enterprise = await withTier(await registerAndSignIn(testApp), 'ENTERPRISE')
    const sent = await contact('Locked out at night', enterprise.headers)
    expect(sent.json()).toEqual({ message: SUPPORT_INBOX_MESSAGES.onCallAlerted })
    const item = await itemOf('Locked out at night')
    expect(item).toMatchObject({ onCallAlerted: true, answerDueAt: '2030-01-20T05:30:00.000Z' })
    const alerts = await db().select().from(mailOutbox).where(like(mailOutbox.subject, '[On call]%'))
    const forThis = alerts.filter((mail) => openBodies(mail, testApp.app.secretKey).text.includes(item.id))
    expect(forThis.map((mail) => mail.toAddress).sort()).toEqual(['night@keydesk.test', 'pager@keydesk.test'])

    await inject('POST', `/api/support/conversations/${item.id}/replies`, enterprise.headers, { message: 'Still there?' })
    const after = (await db().select().from(mailOutbox).where(like(mailOutbox.subject, '[On call]%'))).filter((mail) =>
      openBodies(mail, testApp.app.secretKey).text.includes(item.id),
    )
    expect(after).toHaveLength(2)
  })

  it("tells an Enterprise member who opens a chat at night in a notice, and alerts nobody for a Professional member's night", async () => {
    clock.advance(SATURDAY_NIGHT.getTime() - clock.now().getTime())
    await signInAgain(testApp, admin)
    const enterprise = await withTier(await registerAndSignIn(testApp), 'ENTERPRISE')
    await signInAgain(testApp, enterprise)
    expect((await inject('POST', '/api/chat/send', enterprise.headers, { message: 'Night chat' })).statusCode).toBe(201)
    expect((await db().select().from(notices).where(eq(notices.userId, enterprise.id))).map((row) => row.title)).toContain(
      SUPPORT_ON_CALL_NOTICE.title,
    )
    const professional = await withTier(await registerAndSignIn(testApp), 'PROFESSIONAL')
    await contact('Professional at night', professional.headers)
    expect(await itemOf('Professional at night')).toMatchObject({ onCallAlerted: false, answerDueAt: '2030-01-21T22:00:00.000Z' })
  })

  it('alerts nobody for an Enterprise message in support hours', async () => {
    const enterprise = await withTier(await registerAndSignIn(testApp), 'ENTERPRISE')
    expect((await contact('Enterprise by day', enterprise.headers)).json()).toEqual({ message: CONTACT_MESSAGES.sent })
    expect(await itemOf('Enterprise by day')).toMatchObject({ onCallAlerted: false, answerDueAt: '2030-01-15T16:00:00.000Z' })
  })
})
