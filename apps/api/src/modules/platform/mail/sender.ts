import type { FastifyBaseLogger } from 'fastify'
import nodemailer, { type Transporter } from 'nodemailer'
import type { Database } from '../../../ports.ts'
import { openBodies } from './outbox.ts'
import { claimDueMail, markMailSent, recordMailFailure } from './repository.ts'

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

/** How long a claimed mail is left to its sender before another may try it (a sender that died mid-send). */
export const SEND_LEASE_MS = 2 * 60 * 1000

/**
 * The outbox runs on the database's clock throughout (rows are queued with its now() and claimed against it), so
 * results and retry times are written with it too, never with this process's time.
 *
 * Delivers due outbox rows without holding a transaction or a lock while SMTP talks: a short statement claims a
 * batch (FOR UPDATE SKIP LOCKED inside it, so two API processes never claim the same row) by counting the attempt
 * and moving its next attempt one lease ahead, and commits. Each mail is then sent, and its result recorded only
 * if the row is still this claim's (same attempt count). A sender that dies mid-send leaves the row to be claimed
 * again once the lease has passed; a mail is sent at most once per successful claim.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  options: { from: string; key: Buffer },
  log: FastifyBaseLogger,
): Promise<number> {
  const claimed = await claimDueMail(db, BATCH_SIZE, SEND_LEASE_MS)
  // UPDATE … RETURNING has no order: send in the order the mails were queued.
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  let sent = 0
  for (const row of claimed) {
    try {
      const { text, html } = openBodies(row, options.key)
      await transport.send({ from: options.from, to: row.toAddress, subject: row.subject, text, html: html ?? undefined })
      await markMailSent(db, row)
      sent += 1
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log.warn({ mailId: row.id, attempts: row.attempts, err: message }, 'mail delivery failed')
      await recordMailFailure(db, row, {
        lastError: message.slice(0, 500),
        status: row.attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
        retryInMs: retryDelayMs(row.attempts),
      })
    }
  }
  return sent
}
