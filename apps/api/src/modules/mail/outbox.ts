import type { DbExecutor } from '../../db/database.ts'
import { mailOutbox } from '../../db/schema/mail.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  /** The same key is queued once, so a retried event cannot send its mail twice. */
  dedupeKey?: string
}

/** Queues a mail in the caller's transaction; the sender delivers it after the transaction commits. */
export async function enqueueMail(db: DbExecutor, message: OutgoingMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
}
