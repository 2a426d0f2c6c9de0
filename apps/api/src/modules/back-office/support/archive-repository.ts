import { asc, eq, inArray } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { contactMessages, supportConversations } from '../../../db/schema/support.ts'

/** Every support conversation the account opened, for its data archive. */
export function listConversationRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .orderBy(asc(supportConversations.createdAt), asc(supportConversations.id))
}

/** The contact-form messages that opened these conversations, for the data archive of their writer. */
export async function listContactRowsForArchive(db: DbExecutor, conversationIds: string[]) {
  if (conversationIds.length === 0) return []
  return await db
    .select()
    .from(contactMessages)
    .where(inArray(contactMessages.conversationId, conversationIds))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
}
