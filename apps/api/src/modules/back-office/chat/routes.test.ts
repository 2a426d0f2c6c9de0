import type { AddressInfo } from 'node:net'
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES, CHAT_MESSAGES_PER_MINUTE, type ChatMessage } from '@keydesk/contracts/chat'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStream } from '../../../test/event-stream.ts'
import { createMember, type TestMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

const inThreeDays = () => new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)

let testApp: TestApp
let trialUser: TestMember
let paidUser: TestMember
let plainUser: TestMember
let expiredUser: TestMember
let admin: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  trialUser = await createMember(testApp, 'BASEUSER', { trialEndsAt: inThreeDays() })
  paidUser = await createMember(testApp, 'BASEUSER', { subscriptionTier: 'PROFESSIONAL' })
  plainUser = await createMember(testApp, 'BASEUSER')
  expiredUser = await createMember(testApp, 'BASEUSER', { trialEndsAt: new Date(Date.now() - 1000) })
  admin = await createMember(testApp, 'ADMIN')
})
afterAll(() => testApp.close())

const send = (headers: Record<string, string>, payload: object) =>
  testApp.app.inject({ method: 'POST', url: '/api/chat/send', headers, payload })
const history = (headers: Record<string, string>, query = '') => testApp.app.inject({ url: `/api/chat/history${query}`, headers })

describe('POST /chat/send', () => {
  it('lets a trial user write to their own conversation', async () => {
    const response = await send(trialUser.auth, { message: 'Hello, I need help with a Ford code' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ userId: trialUser.id, sender: 'USER', message: 'Hello, I need help with a Ford code' })
  })

  it('lets a paying member write', async () => {
    expect((await send(paidUser.auth, { message: 'Hi' })).statusCode).toBe(201)
  })

  it('refuses a member without premium access with a clear message', async () => {
    for (const member of [plainUser, expiredUser]) {
      const response = await send(member.auth, { message: 'Hi' })
      expect(response.statusCode).toBe(403)
      expect(response.json().error).toBe(CHAT_MESSAGES.premiumRequired)
    }
  })

  it('refuses a visitor', async () => {
    expect((await send({}, { message: 'Hi' })).statusCode).toBe(401)
  })

  it('refuses an empty message', async () => {
    expect((await send(trialUser.auth, { message: '   ' })).statusCode).toBe(400)
  })

  it("refuses a member writing into another member's conversation", async () => {
    const response = await send(trialUser.auth, { message: 'sneaky', userId: paidUser.id })
    expect(response.statusCode).toBe(403)
    const paidHistory = (await history(paidUser.auth)).json() as ChatMessage[]
    expect(paidHistory.map((message) => message.message)).not.toContain('sneaky')
  })

  it("lets an admin answer in a member's conversation as AGENT", async () => {
    const response = await send(admin.auth, { message: 'Happy to help', userId: trialUser.id })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ userId: trialUser.id, sender: 'AGENT' })
  })

  it(`accepts ${CHAT_MESSAGES_PER_MINUTE} messages a minute from one account, whatever its address, then 429; another account goes on`, async () => {
    const chatty = await createMember(testApp, 'BASEUSER', { trialEndsAt: inThreeDays() })
    const message = 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH)
    const answers = await Promise.all(
      Array.from({ length: CHAT_MESSAGES_PER_MINUTE + 5 }, (_, index) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/chat/send',
          headers: chatty.auth,
          payload: { message },
          remoteAddress: `10.9.0.${index}`,
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(CHAT_MESSAGES_PER_MINUTE)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
    expect(answers.find((answer) => answer.statusCode === 429)?.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect((await send(paidUser.auth, { message: 'Still here' })).statusCode).toBe(201)
  })

  it('asks an admin which conversation they answer', async () => {
    const response = await send(admin.auth, { message: 'To whom?' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(CHAT_MESSAGES.adminNeedsConversation)
  })
})

describe('GET /chat/history', () => {
  it("answers the member's own conversation oldest first, including the admin's answer", async () => {
    const own = await createMember(testApp, 'BASEUSER', { trialEndsAt: inThreeDays() })
    await send(own.auth, { message: 'first' })
    await send(admin.auth, { message: 'second', userId: own.id })
    const response = await history(own.auth)
    expect(response.statusCode).toBe(200)
    expect((response.json() as ChatMessage[]).map((message) => [message.sender, message.message])).toEqual([
      ['USER', 'first'],
      ['AGENT', 'second'],
    ])
  })

  it("refuses a member reading another member's conversation", async () => {
    expect((await history(plainUser.auth, `?userId=${trialUser.id}`)).statusCode).toBe(403)
  })

  it("lets an admin read a member's conversation", async () => {
    const response = await history(admin.auth, `?userId=${trialUser.id}`)
    expect(response.statusCode).toBe(200)
    expect((response.json() as ChatMessage[]).every((message) => message.userId === trialUser.id)).toBe(true)
  })

  it('pages back with limit and before', async () => {
    const member = await createMember(testApp, 'BASEUSER', { trialEndsAt: inThreeDays() })
    for (const text of ['one', 'two', 'three']) await send(member.auth, { message: text })
    const latest = (await history(member.auth, '?limit=2')).json() as ChatMessage[]
    expect(latest.map((message) => message.message)).toEqual(['two', 'three'])
    const earlier = (
      await history(member.auth, `?limit=2&before=${encodeURIComponent(latest[0]?.createdAt ?? '')}`)
    ).json() as ChatMessage[]
    expect(earlier.map((message) => message.message)).toEqual(['one'])
  })

  it('refuses a visitor', async () => {
    expect((await history({})).statusCode).toBe(401)
  })
})

describe('GET /chat/conversations', () => {
  it('lists the members who wrote, for admins only', async () => {
    const asAdmin = await testApp.app.inject({ url: '/api/chat/conversations', headers: admin.auth })
    expect(asAdmin.statusCode).toBe(200)
    expect((asAdmin.json() as { userId: string }[]).map((row) => row.userId)).toContain(trialUser.id)
    expect((await testApp.app.inject({ url: '/api/chat/conversations', headers: trialUser.auth })).statusCode).toBe(403)
  })

  it("shows each conversation with its member's name, e-mail and answer deadline, the soonest deadline first", async () => {
    const ada = await createMember(testApp, 'BASEUSER', { subscriptionTier: 'BASIC', fname: 'Ada', lname: 'Lovelace' })
    const alan = await createMember(testApp, 'BASEUSER', { subscriptionTier: 'PROFESSIONAL', fname: 'Alan', lname: 'Turing' })
    await send(ada.auth, { message: 'First question' })
    await send(alan.auth, { message: 'Second question, on a plan that promises sooner' })
    const list = (await testApp.app.inject({ url: '/api/chat/conversations', headers: admin.auth })).json() as { userId: string }[]
    expect(list.filter((row) => row.userId === ada.id || row.userId === alan.id)).toEqual([
      expect.objectContaining({ userId: alan.id, email: alan.email, fname: 'Alan', lname: 'Turing', answerDueAt: expect.any(String) }),
      expect.objectContaining({ userId: ada.id, email: ada.email, fname: 'Ada', lname: 'Lovelace', answerDueAt: expect.any(String) }),
    ])
  })

  it('puts a chat that waits on nobody after every chat with a deadline, the most recently active first', async () => {
    const grace = await createMember(testApp, 'BASEUSER', { subscriptionTier: 'PROFESSIONAL', fname: 'Grace', lname: 'Hopper' })
    const edsger = await createMember(testApp, 'BASEUSER', { subscriptionTier: 'BASIC', fname: 'Edsger', lname: 'Dijkstra' })
    await send(grace.auth, { message: 'Asked first' })
    await send(edsger.auth, { message: 'Asked second' })
    await send(admin.auth, { message: 'Answered.', userId: grace.id })
    const list = (await testApp.app.inject({ url: '/api/chat/conversations', headers: admin.auth })).json() as {
      userId: string
      answerDueAt: string | null
    }[]
    const graceAt = list.findIndex((row) => row.userId === grace.id)
    const lastWithDeadline = list.findLastIndex((row) => row.answerDueAt !== null)
    expect(list[graceAt]).toMatchObject({ awaitingReply: false, answerDueAt: null })
    expect(list.findIndex((row) => row.userId === edsger.id)).toBeLessThan(graceAt)
    expect(graceAt).toBeGreaterThan(lastWithDeadline)
  })
})

describe('unread conversations (docs/decisions/016)', () => {
  const unread = async () => (await testApp.app.inject({ url: '/api/chat/unread-count', headers: admin.auth })).json().count as number
  const awaiting = async (userId: string) => {
    const list = (await testApp.app.inject({ url: '/api/chat/conversations', headers: admin.auth })).json() as {
      userId: string
      awaitingReply: boolean
    }[]
    return list.find((row) => row.userId === userId)?.awaitingReply
  }

  it("counts a conversation while the member's message is the latest, and stops once support answers", async () => {
    const member = await createMember(testApp, 'BASEUSER', { subscriptionTier: 'BASIC' })
    const before = await unread()
    expect((await send(member.auth, { message: 'Is my Civic code ready?' })).statusCode).toBe(201)
    expect(await unread()).toBe(before + 1)
    expect(await awaiting(member.id)).toBe(true)
    expect((await send(member.auth, { message: 'Order KD-1234' })).statusCode).toBe(201)
    expect(await unread()).toBe(before + 1)
    expect((await send(admin.auth, { message: 'Working on it now.', userId: member.id })).statusCode).toBe(201)
    expect(await unread()).toBe(before)
    expect(await awaiting(member.id)).toBe(false)
  })

  it('is for admins only', async () => {
    expect((await testApp.app.inject({ url: '/api/chat/unread-count', headers: paidUser.auth })).statusCode).toBe(403)
    expect((await testApp.app.inject({ url: '/api/chat/unread-count' })).statusCode).toBe(401)
  })
})

describe('GET /chat/stream', () => {
  it('delivers a member message to the admin and the admin answer to the member, then closes when the app closes', async () => {
    const streamApp = await createTestApp()
    try {
      const member = await createMember(streamApp, 'BASEUSER', { trialEndsAt: inThreeDays() })
      const other = await createMember(streamApp, 'BASEUSER', { trialEndsAt: inThreeDays() })
      const agent = await createMember(streamApp, 'ADMIN')
      await streamApp.app.listen({ port: 0, host: '127.0.0.1' })
      const base = `http://127.0.0.1:${(streamApp.app.server.address() as AddressInfo).port}`

      const memberStream = await openStream(base, member.auth)
      const otherStream = await openStream(base, other.auth)
      const agentStream = await openStream(base, agent.auth)
      expect(memberStream.status).toBe(200)
      expect(memberStream.contentType).toContain('text/event-stream')

      await streamApp.app.inject({ method: 'POST', url: '/api/chat/send', headers: member.auth, payload: { message: 'ping from member' } })
      await agentStream.waitFor('ping from member')
      await streamApp.app.inject({
        method: 'POST',
        url: '/api/chat/send',
        headers: agent.auth,
        payload: { message: 'pong from agent', userId: member.id },
      })
      await memberStream.waitFor('pong from agent')

      const delivered = memberStream
        .received()
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice('data: '.length)) as ChatMessage)
      expect(delivered.find((message) => message.message === 'pong from agent')).toMatchObject({ sender: 'AGENT', userId: member.id })
      expect(otherStream.received()).not.toContain('ping from member')
      expect(otherStream.received()).not.toContain('pong from agent')

      await streamApp.app.close()
      await Promise.all([memberStream.ended, otherStream.ended, agentStream.ended])
    } finally {
      await streamApp.close()
    }
  })

  it('refuses a member without premium access and a visitor', async () => {
    expect((await testApp.app.inject({ url: '/api/chat/stream', headers: plainUser.auth })).statusCode).toBe(403)
    expect((await testApp.app.inject({ url: '/api/chat/stream' })).statusCode).toBe(401)
  })
})
