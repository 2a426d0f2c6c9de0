import { sql } from 'drizzle-orm'
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { vehicleRequests } from './ordering.ts'
import { subscriptionTierEnum, users } from './users.ts'

export const supportChannelEnum = pgEnum('support_channel', ['CONTACT', 'CHAT'])
export const supportStateEnum = pgEnum('support_state', ['OPEN', 'WAITING', 'CLOSED'])

/**
 * One conversation of the support inbox (docs/decisions/034): a contact-form message or a member's chat, its writer
 * (a member, or a visitor's e-mail), the plan they held when writing, its deadlines, its state and its handler. Its
 * thread is the opening contact message and the chat messages linked to it; all go with it, two years after its last
 * message (RETENTION.SUPPORT).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    channel: supportChannelEnum('channel').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    subject: text('subject').notNull(),
    /** The member's order the conversation is about; the order row outlives or outruns it. */
    vehicleRequestId: uuid('vehicle_request_id').references(() => vehicleRequests.id, { onDelete: 'set null' }),
    plan: subscriptionTierEnum('plan').notNull(),
    state: supportStateEnum('state').notNull().default('OPEN'),
    handlerId: uuid('handler_id').references(() => users.id, { onDelete: 'set null' }),
    /** The promise kept for the first answer, fixed when the conversation opened. */
    firstAnswerDueAt: timestamp('first_answer_due_at', { withTimezone: true }).notNull(),
    /** When the writer's latest unanswered message is due; null while the conversation waits on them or is closed. */
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }),
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    onCallAlertedAt: timestamp('on_call_alerted_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * When a conversation written before the inbox existed was brought into it (docs/decisions/034); the support
     * figures leave such conversations out, since their answers may live in the mailbox the inbox cannot read.
     */
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (table) => [
    check('support_conversations_writer', sql`${table.userId} is not null or ${table.guestEmail} is not null`),
    index('support_conversations_inbox_idx').on(table.state, table.answerDueAt, table.lastMessageAt.desc(), table.id),
    index('support_conversations_user_idx').on(table.userId, table.lastMessageAt.desc()),
    index('support_conversations_created_idx').on(table.createdAt),
    index('support_conversations_last_message_idx').on(table.lastMessageAt),
  ],
)

/** A contact-form message (POST /support/contact, docs/product.md, 'Member area, files, chat and support'): the opening of its conversation. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Null for messages sent before the support inbox (migration 0033); they keep their own two years. */
    conversationId: uuid('conversation_id').references(() => supportConversations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    index('contact_messages_conversation_idx').on(table.conversationId),
  ],
)

/**
 * The single-use, expiring link a visitor's answer mail carries to read the thread and reply without an account:
 * only its SHA-256 is stored; a reply spends it, and the next answer sends a new one.
 */
export const supportReplyLinks = pgTable(
  'support_reply_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('support_reply_links_conversation_idx').on(table.conversationId)],
)
