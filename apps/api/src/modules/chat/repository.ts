import type { ChatSender } from '@keydesk/contracts/chat'
import { and, desc, eq, lt, max } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { chatMessages } from '../../db/schema/member.ts'
import { users } from '../../db/schema/users.ts'

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

/** Members who have a conversation, the most recently active first. */
export function findConversations(db: DbExecutor, limit: number) {
  const lastMessageAt = max(chatMessages.createdAt)
  return db
    .select({ userId: users.id, email: users.email, fname: users.fname, lname: users.lname, lastMessageAt })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .groupBy(users.id)
    .orderBy(desc(lastMessageAt))
    .limit(limit)
}

export async function findChatMember(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      subscriptionTier: users.subscriptionTier,
      trialTier: users.trialTier,
      trialEndsAt: users.trialEndsAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

export async function findChatMessage(db: DbExecutor, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.select(messageColumns).from(chatMessages).where(eq(chatMessages.id, id)).limit(1)
  return row
}
