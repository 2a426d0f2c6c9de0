import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const mailStatusEnum = pgEnum('mail_status', ['PENDING', 'SENT', 'FAILED'])

/**
 * The mail outbox: written in the same transaction as the change that causes the mail, delivered later by
 * the sender with retries, so a mail is never sent for a change that rolled back nor lost for one that committed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Same event, same key: queued once (e.g. one confirmation per order). */
    dedupeKey: text('dedupe_key').unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Bodies are sealed with the app's key (they can carry keycodes and sign-in links); older rows are plain. */
    sealed: boolean('sealed').notNull().default(false),
    status: mailStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'PENDING'`),
    index('mail_outbox_failed_idx').on(table.createdAt).where(sql`${table.status} = 'FAILED'`),
    index('mail_outbox_sent_idx').on(table.sentAt).where(sql`${table.status} = 'SENT'`),
  ],
)
