import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../db/schema/action-log.ts'
import { chatMessages, loginHistory } from '../db/schema/member.ts'
import { contactMessages } from '../db/schema/support.ts'
import { registerAndSignIn, type SignedIn } from '../test/accounts.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { testClock } from '../test/test-clock.ts'
import { runAnalyticsRetention, runSupportRetention } from './retention-jobs.ts'

const clock = testClock(new Date('2026-11-27T12:00:00Z'))
let testApp: TestApp
let member: SignedIn
let other: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  member = await registerAndSignIn(testApp)
  other = await registerAndSignIn(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * 24 * 60 * 60 * 1000)

describe('analytics, anonymised after a year', () => {
  it("clears the address and browser of sign-ins older than a year, in batches, and keeps every younger one's", async () => {
    const old = Array.from({ length: 1_200 }, (_, index) => ({
      userId: index % 2 === 0 ? member.id : other.id,
      signedInAt: daysAgo(366 + (index % 30)),
      ipAddress: `203.0.113.${index % 250}`,
      userAgent: 'Mozilla/5.0 (iPhone)',
    }))
    const oldRows = await db().insert(loginHistory).values(old).returning({ id: loginHistory.id })
    const [young] = await db()
      .insert(loginHistory)
      .values({ userId: member.id, signedInAt: daysAgo(364), ipAddress: '198.51.100.7', userAgent: 'Firefox' })
      .returning()

    const counts = await runAnalyticsRetention(testApp.app)
    expect(counts.signIns).toBeGreaterThanOrEqual(1_200)
    const cleared = await db()
      .select()
      .from(loginHistory)
      .where(
        inArray(
          loginHistory.id,
          oldRows.map((row) => row.id),
        ),
      )
    expect(cleared.every((row) => row.ipAddress === null && row.userAgent === null)).toBe(true)
    expect(cleared).toHaveLength(1_200)
    const [kept] = await db()
      .select()
      .from(loginHistory)
      .where(eq(loginHistory.id, young?.id ?? ''))
    expect(kept).toMatchObject({ ipAddress: '198.51.100.7', userAgent: 'Firefox' })
    expect((await runAnalyticsRetention(testApp.app)).signIns).toBe(0)
  })

  it("removes a guest's client address from action-log entries older than a year, the entry and its other details kept", async () => {
    const [old] = await db()
      .insert(actionLog)
      .values({
        actorId: null,
        action: 'ORDER_LINK_VIEWED',
        targetType: 'vehicle_request',
        targetId: 'r-old',
        details: { channel: 'guest-link', confirmationNumber: 'KD-OLD', clientAddress: '203.0.113.9' },
        createdAt: daysAgo(400),
      })
      .returning()
    const [young] = await db()
      .insert(actionLog)
      .values({
        actorId: null,
        action: 'ORDER_LINK_VIEWED',
        targetType: 'vehicle_request',
        targetId: 'r-young',
        details: { channel: 'guest-link', clientAddress: '198.51.100.1' },
        createdAt: daysAgo(10),
      })
      .returning()

    expect((await runAnalyticsRetention(testApp.app)).actionLogEntries).toBe(1)
    const [oldNow] = await db()
      .select()
      .from(actionLog)
      .where(eq(actionLog.id, old?.id ?? 0))
    expect(oldNow).toMatchObject({
      action: 'ORDER_LINK_VIEWED',
      targetId: 'r-old',
      details: { channel: 'guest-link', confirmationNumber: 'KD-OLD' },
    })
    expect(oldNow?.details).not.toHaveProperty('clientAddress')
    const [youngNow] = await db()
      .select()
      .from(actionLog)
      .where(eq(actionLog.id, young?.id ?? 0))
    expect(youngNow?.details).toMatchObject({ clientAddress: '198.51.100.1' })
  })

  it('keeps the action log append-only for every other change', async () => {
    const [entry] = await db()
      .insert(actionLog)
      .values({
        actorId: null,
        action: 'ORDER_LINK_VIEWED',
        targetType: 'vehicle_request',
        targetId: 'r-x',
        details: { clientAddress: '203.0.113.4' },
      })
      .returning()
    const id = entry?.id ?? 0
    await expect(db().execute(sql`update action_log set action = 'KEYCODE_RELEASED' where id = ${id}`)).rejects.toThrow()
    await expect(
      db().execute(sql`update action_log set details = details - 'clientAddress' || '{"x":1}'::jsonb where id = ${id}`),
    ).rejects.toThrow()
    await expect(db().execute(sql`delete from action_log where id = ${id}`)).rejects.toThrow()
    const [unchanged] = await db().select().from(actionLog).where(eq(actionLog.id, id))
    expect(unchanged?.details).toEqual({ clientAddress: '203.0.113.4' })
  })
})

describe('support communications, deleted after two years', () => {
  it('deletes a conversation whose last message is older than two years, and keeps whole one that went on since', async () => {
    await db()
      .insert(chatMessages)
      .values([
        { userId: member.id, sender: 'USER', message: 'Old question', createdAt: daysAgo(800) },
        { userId: member.id, sender: 'AGENT', message: 'Old answer', createdAt: daysAgo(790) },
        { userId: other.id, sender: 'USER', message: 'Old start', createdAt: daysAgo(900) },
        { userId: other.id, sender: 'USER', message: 'Still talking', createdAt: daysAgo(20) },
      ])
    const counts = await runSupportRetention(testApp.app)
    expect(counts.conversations).toBe(1)
    expect(await db().select().from(chatMessages).where(eq(chatMessages.userId, member.id))).toEqual([])
    expect((await db().select().from(chatMessages).where(eq(chatMessages.userId, other.id))).map((row) => row.message).sort()).toEqual([
      'Old start',
      'Still talking',
    ])
    expect((await runSupportRetention(testApp.app)).conversations).toBe(0)
  })

  it('deletes contact-form messages older than two years and keeps younger ones', async () => {
    const message = { name: 'Vic Visitor', email: 'vic@example.com', subject: 'Question', message: 'Do you cover Subaru?' }
    await db()
      .insert(contactMessages)
      .values([
        { ...message, subject: 'old', createdAt: daysAgo(731) },
        { ...message, subject: 'young', createdAt: daysAgo(729) },
      ])
    expect((await runSupportRetention(testApp.app)).contactMessages).toBe(1)
    expect((await db().select({ subject: contactMessages.subject }).from(contactMessages)).map((row) => row.subject)).toContain('young')
    expect((await db().select({ subject: contactMessages.subject }).from(contactMessages)).map((row) => row.subject)).not.toContain('old')
  })
})
