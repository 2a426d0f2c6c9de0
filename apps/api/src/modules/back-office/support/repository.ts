import type { ContactMessage } from '@keydesk/contracts/support'
import { asc, inArray, lt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { contactMessages } from '../../../db/schema/support.ts'

export async function insertContactMessage(db: DbExecutor, contact: ContactMessage) {
  await db.insert(contactMessages).values(contact)
}

/** Deletes up to `limit` contact-form messages sent before `before`, oldest first (the support period, docs/decisions/030). */
export async function deleteContactMessagesBefore(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(lt(contactMessages.createdAt, before))
    .orderBy(asc(contactMessages.createdAt))
    .limit(limit)
  const gone = await db.delete(contactMessages).where(inArray(contactMessages.id, oldest)).returning({ id: contactMessages.id })
  return gone.length
}
