import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { enqueueMail } from './outbox.ts'
import { deliverDueMail, type MailTransport, retryDelayMs } from './sender.ts'

let smtp: SmtpCatcher
let testApp: TestApp

beforeAll(async () => {
  smtp = await startSmtpCatcher()
  testApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Keydesk <no-reply@keydesk.test>' })
})

afterAll(async () => {
  await testApp.close()
  await smtp.close()
})

describe('mail outbox', () => {
  it('delivers a queued mail over SMTP with its subject, text and sender', async () => {
    await enqueueMail(
      testApp.app.database.db,
      { to: 'locksmith@example.com', subject: 'Your keycode is ready', text: 'Sign in to see it.' },
      testApp.app.secretKey,
    )
    await testApp.app.mail.deliverDue()
    const mail = smtp.received.find((item) => item.subject === 'Your keycode is ready')
    expect(mail?.text?.trim()).toBe('Sign in to see it.')
    expect(mail?.from?.text).toContain('no-reply@keydesk.test')
    const [row] = await testApp.app.database.db.select().from(mailOutbox)
    expect(row?.status).toBe('SENT')
  })

  it('queues a mail once per dedupe key', async () => {
    const db = testApp.app.database.db
    await enqueueMail(
      db,
      { to: 'a@example.com', subject: 'Order KD-1 confirmed', text: 'x', dedupeKey: 'order:KD-1' },
      testApp.app.secretKey,
    )
    await enqueueMail(
      db,
      { to: 'a@example.com', subject: 'Order KD-1 confirmed', text: 'x', dedupeKey: 'order:KD-1' },
      testApp.app.secretKey,
    )
    await testApp.app.mail.deliverDue()
    expect(smtp.received.filter((item) => item.subject === 'Order KD-1 confirmed')).toHaveLength(1)
  })

  it('does not send a mail whose transaction rolled back', async () => {
    const db = testApp.app.database.db
    await db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'b@example.com', subject: 'Never sent', text: 'x' }, testApp.app.secretKey)
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await testApp.app.mail.deliverDue()
    expect(smtp.received.some((item) => item.subject === 'Never sent')).toBe(false)
  })

  it('keeps the bodies of a queued mail sealed in the database and sends them readable', async () => {
    const db = testApp.app.database.db
    const html = '<p>Keycode: <b>K-7781</b></p>'
    await enqueueMail(db, { to: 'c@example.com', subject: 'Sealed mail', text: 'Keycode: K-7781', html }, testApp.app.secretKey)
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Sealed mail'))
    expect(row?.sealed).toBe(true)
    expect(`${row?.textBody} ${row?.htmlBody}`).not.toContain('K-7781')
    await testApp.app.mail.deliverDue()
    const mail = smtp.received.find((item) => item.subject === 'Sealed mail')
    expect(mail?.text?.trim()).toBe('Keycode: K-7781')
    expect(mail?.html).toContain('<b>K-7781</b>')
  })

  it('backs off between retries and caps the wait at one hour', () => {
    expect(retryDelayMs(1)).toBe(30_000)
    expect(retryDelayMs(2)).toBe(120_000)
    expect(retryDelayMs(50)).toBe(3_600_000)
  })
})

describe('sending with a lease', () => {
  /** A transport whose sends wait until the test lets them go. */
  function heldTransport() {
    const sent: string[] = []
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const transport: MailTransport = {
      send: async (message) => {
        await gate
        sent.push(message.subject)
      },
    }
    return { transport, sent, release }
  }
  const deliver = (transport: MailTransport) =>
    deliverDueMail(
      testApp.app.database.db,
      transport,
      { from: 'Keydesk <no-reply@keydesk.test>', key: testApp.app.secretKey },
      testApp.app.log,
    )
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))])

  it('holds no transaction or row lock while SMTP talks, and a second sender does not take the claimed mail', async () => {
    const db = testApp.app.database.db
    await enqueueMail(db, { to: 'lease@example.com', subject: 'Leased mail', text: 'x' }, testApp.app.secretKey)
    const first = heldTransport()
    const sending = deliver(first.transport)
    await new Promise((resolve) => setTimeout(resolve, 200))
    // The row can be written while the mail is on its way: nothing holds it.
    await within(db.update(mailOutbox).set({ lastError: 'touched' }).where(eq(mailOutbox.subject, 'Leased mail')), 2000)
    const second = heldTransport()
    second.release()
    expect(await within(deliver(second.transport), 2000)).toBe(0)
    first.release()
    expect(await sending).toBe(1)
    expect(first.sent).toEqual(['Leased mail'])
    expect(second.sent).toEqual([])
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Leased mail'))
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 })
  })

  it('sends a mail whose sender died mid-send once its lease has passed, and only that claim records it', async () => {
    const db = testApp.app.database.db
    await enqueueMail(db, { to: 'lease@example.com', subject: 'Orphaned send', text: 'x' }, testApp.app.secretKey)
    const dead = heldTransport()
    const abandoned = deliver(dead.transport)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await deliver(heldTransport().transport)).toBe(0)
    // The lease runs out (as if 2 minutes had passed) and another sender claims the mail again.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.subject, 'Orphaned send'))
    const next = heldTransport()
    next.release()
    expect(await deliver(next.transport)).toBe(1)
    expect(next.sent).toEqual(['Orphaned send'])
    // The first sender wakes up late: its claim is no longer the row's, so it records nothing.
    dead.release()
    await abandoned
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Orphaned send'))
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 })
  })
})
