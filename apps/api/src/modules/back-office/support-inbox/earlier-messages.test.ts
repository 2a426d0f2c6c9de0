import { supportAnswerDueAt } from '@keydesk/contracts/support-deadlines'
import { CHAT_CONVERSATION_SUBJECT } from '@keydesk/contracts/support-inbox'
import { HOUR_MS } from '@keydesk/contracts/time'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { chatMessages } from '../../../db/schema/member.ts'
import { contactMessages, supportConversations } from '../../../db/schema/support.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAgain, uniqueEmail, uniqueIp } from '../../../test/accounts.ts'
import { memberWithPlan } from '../../../test/plans.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { bringEarlierMessagesIntoInbox } from './earlier-messages.ts'

/** Tuesday 15 January 2030, 10:00 in New York (EST): inside support hours. */
const TUESDAY_10_EST = new Date('2030-01-15T15:00:00Z')
const clock = testClock(TUESDAY_10_EST)
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  testApp.app.inject({ method, url, headers, payload, remoteAddress: uniqueIp() })
const bringIn = () => bringEarlierMessagesIntoInbox(testApp.app, 200)
const at = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR_MS)

/** A chat line as the chat wrote it before the inbox: no conversation. */
async function earlierLine(userId: string, sender: 'USER' | 'AGENT', createdAt: Date, authorId: string | null = null) {
  await db()
    .insert(chatMessages)
    .values({ userId, sender, authorId: authorId ?? (sender === 'USER' ? userId : null), message: `${sender} line`, createdAt })
}
async function earlierContact(subject: string, email: string, createdAt: Date) {
  await db()
    .insert(contactMessages)
    .values({ name: 'Sam Shop', email, subject, message: `About ${subject}.`, createdAt })
}
const conversationsOf = (userId: string) => db().select().from(supportConversations).where(eq(supportConversations.userId, userId))
const conversationBySubject = async (subject: string) =>
  (await db().select().from(supportConversations).where(eq(supportConversations.subject, subject)))[0]

describe('messages written before the support inbox join it', () => {
  it('makes a member’s earlier chat one conversation waiting on support since their unanswered line, with their plan’s deadlines', async () => {
    const { member } = await memberWithPlan(testApp, 'PROFESSIONAL', 'MONTHLY')
    const asked = at(clock.now(), 0.1)
    await earlierLine(member.id, 'USER', asked)
    await earlierLine(member.id, 'AGENT', at(asked, 0.5), admin.id)
    await earlierLine(member.id, 'USER', at(asked, 2))
    clock.advance(3 * HOUR_MS)
    await signInAgain(testApp, admin, member)

    expect((await bringIn()).chatConversations).toBeGreaterThanOrEqual(1)

    const [conversation, ...others] = await conversationsOf(member.id)
    expect(others).toEqual([])
    expect(conversation).toMatchObject({
      channel: 'CHAT',
      subject: CHAT_CONVERSATION_SUBJECT,
      plan: 'PROFESSIONAL',
      state: 'OPEN',
      handlerId: admin.id,
      firstAnswerDueAt: supportAnswerDueAt('PROFESSIONAL', asked),
      firstAnsweredAt: at(asked, 0.5),
      answerDueAt: supportAnswerDueAt('PROFESSIONAL', at(asked, 2)),
      lastMessageAt: at(asked, 2),
      createdAt: asked,
      importedAt: clock.now(),
    })
    const inbox = (await inject('GET', '/api/admin/support/conversations?plan=PROFESSIONAL', admin.headers)).json()
    const item = inbox.conversations.find((row: { id: string }) => row.id === conversation?.id)
    expect(item).toMatchObject({ state: 'OPEN', importedAt: clock.now().toISOString(), writer: { member: true } })
    const thread = (await inject('GET', `/api/support/conversations/${conversation?.id}`, member.headers)).json()
    expect(thread.messages.map((message: { sender: string }) => message.sender)).toEqual(['CUSTOMER', 'SUPPORT', 'CUSTOMER'])
  })

  it('leaves a chat that support answered last waiting on the member, without a deadline', async () => {
    const member = await registerAndSignIn(testApp)
    const asked = at(clock.now(), -5)
    await earlierLine(member.id, 'USER', asked)
    await earlierLine(member.id, 'AGENT', at(asked, 1), admin.id)

    await bringIn()

    const [conversation] = await conversationsOf(member.id)
    expect(conversation).toMatchObject({ plan: 'NONE', state: 'WAITING', answerDueAt: null, firstAnsweredAt: at(asked, 1) })
  })

  it('lets the member’s next chat line join the conversation brought in', async () => {
    const { member } = await memberWithPlan(testApp, 'PROFESSIONAL', 'MONTHLY')
    await earlierLine(member.id, 'USER', at(clock.now(), -1))
    await earlierLine(member.id, 'AGENT', at(clock.now(), -0.5), admin.id)
    await bringIn()

    const sent = await inject('POST', '/api/chat/send', member.headers, { message: 'One more question.' })

    expect(sent.statusCode).toBe(201)
    const [conversation, ...others] = await conversationsOf(member.id)
    expect(others).toEqual([])
    expect(conversation).toMatchObject({ state: 'OPEN', lastMessageAt: clock.now() })
  })

  it('opens a contact message still within its promise and closes an older one the mailbox answered, on no member’s account', async () => {
    await signInAgain(testApp, admin)
    const member = await registerAndSignIn(testApp)
    await earlierContact('Earlier question, still due', member.email, at(clock.now(), -1))
    await earlierContact('Earlier question, long ago', member.email, at(clock.now(), -24 * 10))

    await bringIn()

    const recent = await conversationBySubject('Earlier question, still due')
    expect(recent).toMatchObject({
      channel: 'CONTACT',
      userId: null,
      guestEmail: member.email,
      plan: 'NONE',
      state: 'OPEN',
      answerDueAt: supportAnswerDueAt('NONE', at(clock.now(), -1)),
    })
    expect(await conversationBySubject('Earlier question, long ago')).toMatchObject({ userId: null, state: 'CLOSED', answerDueAt: null })
    expect(await conversationsOf(member.id)).toEqual([])
    const thread = (await inject('GET', `/api/admin/support/conversations/${recent?.id}`, admin.headers)).json()
    expect(thread.messages).toMatchObject([{ sender: 'CUSTOMER', message: 'About Earlier question, still due.' }])
  })

  it('opens nothing twice, mails nobody, and leaves an admin’s line to a member who never wrote outside any conversation', async () => {
    const member = await registerAndSignIn(testApp)
    await earlierLine(member.id, 'USER', at(clock.now(), -2))
    const quiet = await registerAndSignIn(testApp)
    await earlierLine(quiet.id, 'AGENT', at(clock.now(), -1), admin.id)
    await earlierContact('Asked once', uniqueEmail('visitor'), at(clock.now(), -1))
    const [mailsBefore] = await db().select({ total: count() }).from(mailOutbox)

    await bringIn()
    const again = await bringIn()

    expect(again).toEqual({ contactConversations: 0, chatConversations: 0 })
    expect(await conversationsOf(member.id)).toHaveLength(1)
    expect(await conversationsOf(quiet.id)).toEqual([])
    expect(await db().select().from(supportConversations).where(eq(supportConversations.subject, 'Asked once'))).toHaveLength(1)
    const [mailsAfter] = await db().select({ total: count() }).from(mailOutbox)
    expect(mailsAfter?.total).toBe(mailsBefore?.total)
  })

  it('leaves conversations brought in out of the support figures', async () => {
    await signInAgain(testApp, admin)
    const before = (await inject('GET', '/api/admin/support/metrics', admin.headers)).json()
    await earlierContact('Counted nowhere', uniqueEmail('visitor'), at(clock.now(), -1))

    await bringIn()

    const after = (await inject('GET', '/api/admin/support/metrics', admin.headers)).json()
    expect(after).toEqual(before)
  })
})
