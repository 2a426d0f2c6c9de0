import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { enqueueMail } from './outbox.ts'
import { MAIL_POLL_MS } from './plugin.ts'
import { MAIL_BATCH_SIZE } from './sender.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

describe('the outbox poll', () => {
  it('sends a backlog of several batches in one tick, not one batch a tick', async () => {
    const backlog = 3 * MAIL_BATCH_SIZE + 5
    for (let index = 0; index < backlog; index++) {
      await enqueueMail(
        testApp.app.database.db,
        { to: `member${index}@example.com`, subject: 'Your keycode is ready', text: 'Sign in to see it.' },
        testApp.app.secretKey,
      )
    }
    const sentCount = async () =>
      (await testApp.app.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'SENT'))).length
    let firstSentAt = 0
    const deadline = Date.now() + 4 * MAIL_POLL_MS
    while (Date.now() < deadline) {
      const sent = await sentCount()
      if (sent > 0 && firstSentAt === 0) firstSentAt = Date.now()
      if (sent === backlog) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await sentCount()).toBe(backlog)
    // One batch a tick would take three more ticks after the first.
    expect(Date.now() - firstSentAt).toBeLessThan(MAIL_POLL_MS)
  })
})
