import type { SubscriptionTier } from '@keydesk/contracts/subscription-constants'
import type { SupportState } from '@keydesk/contracts/support-inbox'
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { contactMessages, supportConversations } from '../../../db/schema/support.ts'

export type ConversationRow = typeof supportConversations.$inferSelect

export async function insertConversation(db: DbExecutor, values: typeof supportConversations.$inferInsert): Promise<ConversationRow> {
  const [row] = await db.insert(supportConversations).values(values).returning()
  if (!row) throw new Error('support conversation insert returned nothing')
  return row
}

/** One conversation, its row locked until the transaction ends: every message and answer on it decides in turn. */
export async function lockConversation(db: DbExecutor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id)).for('update')
  return row
}

export async function findConversation(db: DbExecutor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id)).limit(1)
  return row
}

/** A member's latest chat conversation that is not closed, locked: the one a new chat message joins. */
export async function lockOpenChatConversation(db: DbExecutor, userId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(
      and(
        eq(supportConversations.userId, userId),
        eq(supportConversations.channel, 'CHAT'),
        sql`${supportConversations.state} <> 'CLOSED'`,
      ),
    )
    .orderBy(desc(supportConversations.lastMessageAt))
    .limit(1)
    .for('update')
  return row
}

/**
 * The members whose chat waits on support, each with its soonest answer deadline, the soonest first
 * (support_conversations_inbox_idx: a deadline is only set while a conversation is open).
 */
export function findChatAnswerDeadlines(db: DbExecutor, limit: number): Promise<{ userId: string; answerDueAt: Date }[]> {
  const answerDueAt = sql<Date>`min(${supportConversations.answerDueAt})`.mapWith(supportConversations.answerDueAt)
  return db
    .select({ userId: sql<string>`${supportConversations.userId}`, answerDueAt })
    .from(supportConversations)
    .where(
      and(
        eq(supportConversations.state, 'OPEN'),
        eq(supportConversations.channel, 'CHAT'),
        isNotNull(supportConversations.answerDueAt),
        isNotNull(supportConversations.userId),
      ),
    )
    .groupBy(supportConversations.userId)
    .orderBy(asc(answerDueAt))
    .limit(limit)
}

export async function updateConversation(db: DbExecutor, id: string, change: Partial<typeof supportConversations.$inferInsert>) {
  await db.update(supportConversations).set(change).where(eq(supportConversations.id, id))
}

/** Marks the on-call alert sent, once: answers whether this call was the one that marked it. */
export async function markOnCallAlerted(db: DbExecutor, id: string, at: Date): Promise<boolean> {
  const marked = await db
    .update(supportConversations)
    .set({ onCallAlertedAt: at })
    .where(and(eq(supportConversations.id, id), isNull(supportConversations.onCallAlertedAt)))
    .returning({ id: supportConversations.id })
  return marked.length > 0
}

export interface InboxFilter {
  state?: SupportState
  plan?: SubscriptionTier
  /** An admin's id, or null for conversations nobody has taken. */
  handlerId?: string | null
}

const inboxWhere = (filter: InboxFilter) =>
  and(
    filter.state ? eq(supportConversations.state, filter.state) : undefined,
    filter.plan ? eq(supportConversations.plan, filter.plan) : undefined,
    filter.handlerId === undefined
      ? undefined
      : filter.handlerId === null
        ? isNull(supportConversations.handlerId)
        : eq(supportConversations.handlerId, filter.handlerId),
  )

/**
 * A page of the inbox, the soonest deadline first, then conversations without one (waiting on the customer, closed),
 * the latest first; served by support_conversations_inbox_idx.
 */
export function findInboxPage(db: DbExecutor, filter: InboxFilter, limit: number, offset: number): Promise<ConversationRow[]> {
  return db
    .select()
    .from(supportConversations)
    .where(inboxWhere(filter))
    .orderBy(asc(supportConversations.answerDueAt), desc(supportConversations.lastMessageAt), asc(supportConversations.id))
    .limit(limit)
    .offset(offset)
}

export async function countInbox(db: DbExecutor, filter: InboxFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(supportConversations).where(inboxWhere(filter))
  return row?.total ?? 0
}

/** A member's conversations, the latest first (support_conversations_user_idx). */
export function findMemberConversations(db: DbExecutor, userId: string, limit: number, offset: number): Promise<ConversationRow[]> {
  return db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .orderBy(desc(supportConversations.lastMessageAt), asc(supportConversations.id))
    .limit(limit)
    .offset(offset)
}

export async function countMemberConversations(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(supportConversations).where(eq(supportConversations.userId, userId))
  return row?.total ?? 0
}

/**
 * Per plan, the conversations opened since `since` in the inbox (support_conversations_created_idx; not those brought
 * in from before it, whose answers it may not hold): how many, how many answered,
 * how many by their first-answer deadline of those answered or already past it, and the median first answer in minutes.
 */
export async function measureConversations(db: DbExecutor, since: Date, now: Date) {
  const answeredMinutes = sql`extract(epoch from (${supportConversations.firstAnsweredAt} - ${supportConversations.createdAt})) / 60`
  return db
    .select({
      plan: supportConversations.plan,
      conversations: sql<number>`count(*)::int`,
      answered: sql<number>`count(${supportConversations.firstAnsweredAt})::int`,
      measured: sql<number>`count(*) filter (where ${supportConversations.firstAnsweredAt} is not null or ${supportConversations.firstAnswerDueAt} <= ${now.toISOString()}::timestamptz)::int`,
      withinPromise: sql<number>`count(*) filter (where ${supportConversations.firstAnsweredAt} <= ${supportConversations.firstAnswerDueAt})::int`,
      medianMinutes: sql<number | null>`percentile_cont(0.5) within group (order by ${answeredMinutes})`,
    })
    .from(supportConversations)
    .where(and(gte(supportConversations.createdAt, since), isNull(supportConversations.importedAt)))
    .groupBy(supportConversations.plan)
}

/**
 * Deletes up to `limit` conversations whose last message was written before `before`, their contact message, chat
 * messages and links with them (the support period, docs/decisions/030 and 034); answers how many went.
 */
export async function deleteConversationsQuietBefore(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(lt(supportConversations.lastMessageAt, before))
    .orderBy(asc(supportConversations.lastMessageAt))
    .limit(limit)
  const gone = await db
    .delete(supportConversations)
    .where(inArray(supportConversations.id, oldest))
    .returning({ id: supportConversations.id })
  return gone.length
}

/** The opening contact messages of these conversations, by conversation. */
export async function findOpeningMessages(db: DbExecutor, conversationIds: string[]) {
  if (conversationIds.length === 0) return new Map<string, { id: string; name: string; email: string; message: string; createdAt: Date }>()
  const rows = await db
    .select({
      id: contactMessages.id,
      conversationId: contactMessages.conversationId,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(inArray(contactMessages.conversationId, conversationIds))
  return new Map(rows.flatMap(({ conversationId, ...row }) => (conversationId ? [[conversationId, row] as const] : [])))
}
