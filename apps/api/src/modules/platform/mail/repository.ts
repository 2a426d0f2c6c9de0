import { and, desc, eq, inArray, like, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { startsWith } from '../../../db/starts-with.ts'

export async function insertOutboxMail(
  db: DbExecutor,
  values: { toAddress: string; subject: string; textBody: string; htmlBody: string | null; sealed: boolean; dedupeKey: string | null },
): Promise<void> {
  await db.insert(mailOutbox).values(values).onConflictDoNothing({ target: mailOutbox.dedupeKey })
}

/**
 * Claims up to `limit` due rows in one statement (FOR UPDATE SKIP LOCKED inside it, so two API processes never
 * claim the same row) by counting the attempt and moving its next attempt `leaseMs` ahead; answers the claimed rows.
 * Here and below, times are the database's now(), the one clock every process leases and retries on (deliverDueMail).
 */
export function claimDueMail(db: DbExecutor, limit: number, leaseMs: number) {
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(
      inArray(
        mailOutbox.id,
        db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(mailOutbox.nextAttemptAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning()
}

/** What one claim set: a row claimed again since has a higher attempt count and is no longer this claim's. */
interface MailClaim {
  id: string
  attempts: number
}

const stillClaimed = (claim: MailClaim) =>
  and(eq(mailOutbox.id, claim.id), eq(mailOutbox.attempts, claim.attempts), eq(mailOutbox.status, 'PENDING'))

export async function markMailSent(db: DbExecutor, claim: MailClaim): Promise<void> {
  await db.update(mailOutbox).set({ status: 'SENT', sentAt: sql`now()`, lastError: null }).where(stillClaimed(claim))
}

export async function recordMailFailure(
  db: DbExecutor,
  claim: MailClaim,
  failure: { lastError: string; status: 'PENDING' | 'FAILED'; retryInMs: number },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: failure.lastError,
      status: failure.status,
      nextAttemptAt: sql`now() + ${`${failure.retryInMs} milliseconds`}::interval`,
    })
    .where(stillClaimed(claim))
}

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

/** Mails of one kind (their dedupe key's prefix) the outbox gave up on, newest first (mail_outbox_failed_idx). */
export async function listFailedMails(db: DbExecutor, dedupePrefix: string, limit: number) {
  return db
    .select({
      dedupeKey: mailOutbox.dedupeKey,
      to: mailOutbox.toAddress,
      lastError: mailOutbox.lastError,
      failedAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'FAILED'), like(mailOutbox.dedupeKey, startsWith(dedupePrefix))))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
}
