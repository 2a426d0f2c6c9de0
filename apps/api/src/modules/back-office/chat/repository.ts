import type { ChatSender } from '@keydesk/contracts/chat'
import { and, desc, eq, lt, max, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { chatMessages } from '../../../db/schema/member.ts'

const messageColumns = {
  id: chatMessages.id,
  userId: chatMessages.userId,
  sender: chatMessages.sender,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
}
export type ChatMessageRow = { id: string; userId: string; sender: ChatSender; message: string; createdAt: Date }

export async function insertChatMessage(
  db: DbExecutor,
  values: { userId: string; sender: ChatSender; authorId: string; message: string },
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning(messageColumns)
  if (!row) throw new Error('chat message insert returned nothing')
  return row
}

/** The newest `limit` messages of one conversation older than `before`, newest first. */
export function findConversationPage(db: DbExecutor, userId: string, limit: number, before?: Date): Promise<ChatMessageRow[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), before ? lt(chatMessages.createdAt, before) : undefined))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit)
}

/** The sender of a conversation's latest message: a member's message still waits for support's answer. */
const lastSender = sql<'USER' | 'AGENT'>`(array_agg(${chatMessages.sender} order by ${chatMessages.createdAt} desc))[1]`

/** Members who have a conversation, the most recently active first. */
export function findConversations(db: DbExecutor, limit: number) {
  const lastMessageAt = max(chatMessages.createdAt)
  return db
    .select({ userId: chatMessages.userId, lastMessageAt, lastSender })
    .from(chatMessages)
    .groupBy(chatMessages.userId)
    .orderBy(desc(lastMessageAt))
    .limit(limit)
}

/** Conversations whose latest message is the member's: what the admin header counts as unread. */
export async function countUnansweredConversations(db: DbExecutor) {
  const latest = db
    .select({ userId: chatMessages.userId, lastSender: lastSender.as('last_sender') })
    .from(chatMessages)
    .groupBy(chatMessages.userId)
    .as('latest')
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(latest).where(eq(latest.lastSender, 'USER'))
  return row?.count ?? 0
}

export async function findChatMessage(db: DbExecutor, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.select(messageColumns).from(chatMessages).where(eq(chatMessages.id, id)).limit(1)
  return row
}

/**
 * Deletes up to `limit` members' whole conversations whose last message was written before `before` (the support
 * period, docs/decisions/030): candidates come from the old messages (chat_messages_created_idx), and a conversation
 * with a newer message is kept whole; answers how many conversations went.
 */
export async function deleteConversationsQuietSince(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const cutoff = before.toISOString()
  const gone = (await db.execute(sql`
    with quiet as (
      select old.user_id from (select distinct ${chatMessages.userId} as user_id from ${chatMessages} where ${chatMessages.createdAt} < ${cutoff}::timestamptz) old
      where not exists (select 1 from ${chatMessages} newer where newer.user_id = old.user_id and newer.created_at >= ${cutoff}::timestamptz)
      limit ${limit}
    ), deleted as (
      delete from ${chatMessages} where ${chatMessages.userId} in (select user_id from quiet) returning ${chatMessages.userId}
    )
    select count(distinct user_id)::int as conversations from deleted`)) as unknown as { rows: { conversations: number }[] }
  return Number(gone.rows[0]?.conversations ?? 0)
}
