import type { ContactMessage } from '@keydesk/contracts/support'
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm'
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

/*
 * Contact messages written before the support inbox existed have no conversation (docs/decisions/034); the null
 * entries of contact_messages_conversation_idx are only those, so a run that finds none left costs one index probe.
 */

/** Up to `limit` contact messages without a conversation, oldest first, locked (skipping any another run holds). */
export function lockEarlierContactMessages(db: DbExecutor, limit: number) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(isNull(contactMessages.conversationId))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true })
}

export async function linkContactMessage(db: DbExecutor, id: string, conversationId: string) {
  await db.update(contactMessages).set({ conversationId }).where(eq(contactMessages.id, id))
}
