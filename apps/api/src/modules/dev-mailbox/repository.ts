import { desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { mailOutbox } from '../../db/schema/mail.ts'

/** The newest sent mails (mail_outbox_sent_idx). */
export async function listSentMail(db: DbExecutor, limit: number) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      sealed: mailOutbox.sealed,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'SENT'))
    .orderBy(desc(mailOutbox.sentAt))
    .limit(limit)
}
