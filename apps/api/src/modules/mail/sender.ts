import { and, eq, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Database } from '../../db/database.ts'
import { mailOutbox } from '../../db/schema/mail.ts'
import { openBodies } from './outbox.ts'

const BATCH_SIZE = 20
const MAX_ATTEMPTS = 8

/** 30 s, 2 min, 4.5 min, … capped at 1 hour between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(attempts * attempts * 30_000, 60 * 60 * 1000)
}

export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<void>
}

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(smtpUrl)
  return {
    send: async (message) => {
      await transporter.sendMail(message)
    },
  }
}

/**
 * Development default: the mail is "sent" to the log, recipient and subject only (bodies carry links and codes);
 * the whole mail stays readable in the development mailbox (modules/dev-mailbox).
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    send: async (message) => {
      log.info({ mailTo: message.to, mailSubject: message.subject }, 'mail delivered to the log transport (set SMTP_URL to send)')
    },
  }
}

/**
 * Delivers due outbox rows. Rows are claimed with FOR UPDATE SKIP LOCKED inside a transaction, so two
 * senders (two API processes) never send the same row.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  options: { from: string; key: Buffer },
  log: FastifyBaseLogger,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true })
    let sent = 0
    for (const row of due) {
      try {
        const { text, html } = openBodies(row, options.key)
        await transport.send({ from: options.from, to: row.toAddress, subject: row.subject, text, html: html ?? undefined })
        await tx
          .update(mailOutbox)
          .set({ status: 'SENT', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, row.id))
        sent += 1
      } catch (error) {
        const attempts = row.attempts + 1
        const message = error instanceof Error ? error.message : String(error)
        log.warn({ mailId: row.id, attempts, err: message }, 'mail delivery failed')
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            lastError: message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, row.id))
      }
    }
    return sent
  })
}
