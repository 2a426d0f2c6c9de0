import type { DbExecutor } from '../../../db/database.ts'
import { decryptSecret, encryptSecret } from '../../../lib/secret-box.ts'
import { insertOutboxMail } from './repository.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  /** The same key is queued once, so a retried event cannot send its mail twice. */
  dedupeKey?: string
}

/**
 * Queues a mail in the caller's transaction; the sender delivers it after the transaction commits. The bodies are
 * sealed with the app's key: a keycode mail or a reset link must not sit readable in the database.
 */
export async function enqueueMail(db: DbExecutor, message: OutgoingMail, key: Buffer): Promise<void> {
  await insertOutboxMail(db, {
    toAddress: message.to,
    subject: message.subject,
    textBody: encryptSecret(message.text, key),
    htmlBody: message.html === undefined ? null : encryptSecret(message.html, key),
    sealed: true,
    dedupeKey: message.dedupeKey ?? null,
  })
}

/** The bodies of an outbox row as written by enqueueMail (rows from before sealing are plain). */
export function openBodies(row: { textBody: string; htmlBody: string | null; sealed: boolean }, key: Buffer) {
  if (!row.sealed) return { text: row.textBody, html: row.htmlBody }
  return { text: decryptSecret(row.textBody, key), html: row.htmlBody === null ? null : decryptSecret(row.htmlBody, key) }
}
