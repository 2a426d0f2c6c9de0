import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/mail.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { enqueueMail } from './outbox.ts'
import { retryDelayMs } from './sender.ts'

const received: ParsedMail[] = []
let smtp: SMTPServer
let testApp: TestApp

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((parsed) => {
        received.push(parsed)
        done()
      }, done)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Keydesk <no-reply@keydesk.test>' })
})

afterAll(async () => {
  await testApp.close()
  await new Promise<void>((resolve) => smtp.close(resolve))
})

describe('mail outbox', () => {
  it('delivers a queued mail over SMTP with its subject, text and sender', async () => {
    await enqueueMail(testApp.app.database.db, {
      to: 'locksmith@example.com',
      subject: 'Your keycode is ready',
      text: 'Sign in to see it.',
    })
    await testApp.app.mail.deliverDue()
    const mail = received.find((item) => item.subject === 'Your keycode is ready')
    expect(mail?.text?.trim()).toBe('Sign in to see it.')
    expect(mail?.from?.text).toContain('no-reply@keydesk.test')
    const [row] = await testApp.app.database.db.select().from(mailOutbox)
    expect(row?.status).toBe('SENT')
  })

  it('queues a mail once per dedupe key', async () => {
    const db = testApp.app.database.db
    await enqueueMail(db, { to: 'a@example.com', subject: 'Order KD-1 confirmed', text: 'x', dedupeKey: 'order:KD-1' })
    await enqueueMail(db, { to: 'a@example.com', subject: 'Order KD-1 confirmed', text: 'x', dedupeKey: 'order:KD-1' })
    await testApp.app.mail.deliverDue()
    expect(received.filter((item) => item.subject === 'Order KD-1 confirmed')).toHaveLength(1)
  })

  it('does not send a mail whose transaction rolled back', async () => {
    const db = testApp.app.database.db
    await db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'b@example.com', subject: 'Never sent', text: 'x' })
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await testApp.app.mail.deliverDue()
    expect(received.some((item) => item.subject === 'Never sent')).toBe(false)
  })

  it('backs off between retries and caps the wait at one hour', () => {
    expect(retryDelayMs(1)).toBe(30_000)
    expect(retryDelayMs(2)).toBe(120_000)
    expect(retryDelayMs(50)).toBe(3_600_000)
  })
})
