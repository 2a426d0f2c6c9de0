import type { ContactMessage } from '@keydesk/contracts/support'
import { and, asc, inArray, isNull, lt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { contactMessages } from '../../../db/schema/support.ts'

export async function insertContactMessage(db: DbExecutor, contact: Omit<ContactMessage, 'requestId'> & { conversationId: string }) {
  await db.insert(contactMessages).values(contact)
}

/**
 * Deletes up to `limit` contact-form messages sent before `before` outside any conversation, oldest first (the support
 * period, docs/decisions/030); a conversation's opening message goes with its conversation (deleteConversationsQuietBefore).
 */
export async function deleteContactMessagesBefore(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(lt(contactMessages.createdAt, before), isNull(contactMessages.conversationId)))
    .orderBy(asc(contactMessages.createdAt))
    .limit(limit)
  const gone = await db.delete(contactMessages).where(inArray(contactMessages.id, oldest)).returning({ id: contactMessages.id })
  return gone.length
}
