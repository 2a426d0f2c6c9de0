import type { ChatSender } from '@keydesk/contracts/chat'
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { chatMessages } from '../../../db/schema/member.ts'

// Every chat read names a member (or reads an id published for a member's message), so the member column is never null here.
const messageColumns = {
  id: chatMessages.id,
  userId: sql<string>`${chatMessages.userId}`,
  sender: chatMessages.sender,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
}
export type ChatMessageRow = { id: string; userId: string; sender: ChatSender; message: string; createdAt: Date }

export async function insertChatMessage(
  db: DbExecutor,
  values: { userId: string; sender: ChatSender; authorId: string; message: string; conversationId: string | null },
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

/** Members who have a chat (only those named, when `userIds` is given), the most recently active first. */
export function findConversations(db: DbExecutor, limit: number, userIds?: string[]) {
  const lastMessageAt = max(chatMessages.createdAt)
  return db
    .select({ userId: sql<string>`${chatMessages.userId}`, lastMessageAt, lastSender })
    .from(chatMessages)
    .where(userIds ? inArray(chatMessages.userId, userIds) : isNotNull(chatMessages.userId))
    .groupBy(chatMessages.userId)
    .orderBy(desc(lastMessageAt))
    .limit(limit)
}

/** Conversations whose latest message is the member's: what the admin header counts as unread. */
export async function countUnansweredConversations(db: DbExecutor) {
  const latest = db
    .select({ userId: chatMessages.userId, lastSender: lastSender.as('last_sender') })
    .from(chatMessages)
    .where(isNotNull(chatMessages.userId))
    .groupBy(chatMessages.userId)
    .as('latest')
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(latest).where(eq(latest.lastSender, 'USER'))
  return row?.count ?? 0
}

export async function findChatMessage(db: DbExecutor, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), isNotNull(chatMessages.userId)))
    .limit(1)
  return row
}

/**
 * Deletes up to `limit` members' whole chats whose last message was written before `before` (the support period,
 * docs/decisions/030): candidates come from the old messages (chat_messages_created_idx), and a chat with a newer
 * message is kept whole; answers how many chats went. Messages of a support conversation go with it instead
 * (docs/decisions/034), two years after the conversation's last message.
 */
export async function deleteConversationsQuietSince(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const cutoff = before.toISOString()
  const gone = (await db.execute(sql`
    with quiet as (
      select old.user_id from (select distinct ${chatMessages.userId} as user_id from ${chatMessages} where ${chatMessages.createdAt} < ${cutoff}::timestamptz and ${chatMessages.conversationId} is null) old
      where not exists (select 1 from ${chatMessages} newer where newer.user_id = old.user_id and newer.conversation_id is null and newer.created_at >= ${cutoff}::timestamptz)
      limit ${limit}
    ), deleted as (
      delete from ${chatMessages} where ${chatMessages.userId} in (select user_id from quiet) and ${chatMessages.conversationId} is null returning ${chatMessages.userId}
    )
    select count(distinct user_id)::int as conversations from deleted`)) as unknown as { rows: { conversations: number }[] }
  return Number(gone.rows[0]?.conversations ?? 0)
}

export type ThreadMessageRow = { id: string; sender: ChatSender; message: string; createdAt: Date }

/** A message of a visitor's support conversation, which no member's chat shows: an answer, or a reply by link. */
export async function insertThreadMessage(
  db: DbExecutor,
  values: { conversationId: string; sender: ChatSender; authorId: string | null; message: string },
): Promise<ThreadMessageRow> {
  const [row] = await db
    .insert(chatMessages)
    .values({ ...values, userId: null })
    .returning({ id: chatMessages.id, sender: chatMessages.sender, message: chatMessages.message, createdAt: chatMessages.createdAt })
  if (!row) throw new Error('support message insert returned nothing')
  return row
}

/** The newest `limit` messages of one support conversation, oldest first (chat_messages_conversation_idx). */
export async function findThreadMessages(db: DbExecutor, conversationId: string, limit: number): Promise<ThreadMessageRow[]> {
  const newest = await db
    .select({ id: chatMessages.id, sender: chatMessages.sender, message: chatMessages.message, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit)
  return newest.reverse()
}

/*
 * Chat lines written before the support inbox existed have no conversation (docs/decisions/034); they are found
 * through chat_messages_conversation_idx, whose null entries are only those and an admin's lines outside any.
 */

/** Up to `limit` members who wrote in the chat before the inbox: a member's message without a conversation. */
export async function findMembersWithEarlierChat(db: DbExecutor, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: sql<string>`${chatMessages.userId}` })
    .from(chatMessages)
    .where(and(isNull(chatMessages.conversationId), eq(chatMessages.sender, 'USER')))
    .limit(limit)
  return rows.map((row) => row.userId)
}

export type EarlierChatLine = { id: string; sender: ChatSender; authorId: string | null; createdAt: Date }

/** A member's chat lines without a conversation, oldest first, locked until the transaction ends. */
export function lockEarlierChat(db: DbExecutor, userId: string): Promise<EarlierChatLine[]> {
  return db
    .select({ id: chatMessages.id, sender: chatMessages.sender, authorId: chatMessages.authorId, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), isNull(chatMessages.conversationId)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .for('update')
}

export async function linkChatLines(db: DbExecutor, ids: string[], conversationId: string) {
  if (ids.length > 0) await db.update(chatMessages).set({ conversationId }).where(inArray(chatMessages.id, ids))
}
