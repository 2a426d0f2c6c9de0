import { DAY_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages } from '../../../db/schema/member.ts'
import { contactMessages, supportConversations } from '../../../db/schema/support.ts'
import { runSupportRetention } from '../../../entry/retention-jobs.ts'
import { registerAndSignIn, uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

const clock = testClock(new Date('2030-01-15T15:00:00Z'))
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const conversationOf = async (subject: string) =>
  (await db().select().from(supportConversations).where(eq(supportConversations.subject, subject)))[0]

describe('support conversations under the two-year support period', () => {
  it('deletes a conversation with its messages two years after its last message, and keeps one that went on', async () => {
    const member = await registerAndSignIn(testApp)
    for (const subject of ['Quiet for two years', 'Went on']) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/support/contact',
        headers: member.headers,
        payload: { name: 'Sam', email: 'sam@example.com', subject, message: 'Hello.' },
        remoteAddress: uniqueIp(),
      })
    }
    const quiet = await conversationOf('Quiet for two years')
    const wentOn = await conversationOf('Went on')
    if (!quiet || !wentOn) throw new Error('conversations missing')
    await db().insert(chatMessages).values({ userId: member.id, sender: 'AGENT', message: 'An answer', conversationId: quiet.id })
    // The second conversation's last message is a year later.
    await db()
      .update(supportConversations)
      .set({ lastMessageAt: new Date(clock.now().getTime() + 365 * DAY_MS) })
      .where(eq(supportConversations.id, wentOn.id))

    clock.advance(2 * 365 * DAY_MS + 2 * DAY_MS)
    const counts = await runSupportRetention(testApp.app)
    expect(counts.supportConversations).toBe(1)
    expect(await conversationOf('Quiet for two years')).toBeUndefined()
    expect(await db().select().from(chatMessages).where(eq(chatMessages.conversationId, quiet.id))).toEqual([])
    expect(await db().select().from(contactMessages).where(eq(contactMessages.conversationId, quiet.id))).toEqual([])
    expect(await conversationOf('Went on')).toBeDefined()
    expect(await db().select().from(contactMessages).where(eq(contactMessages.conversationId, wentOn.id))).toHaveLength(1)
  })
})
