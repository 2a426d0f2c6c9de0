import { and, asc, eq, gt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { chatMessages } from '../../../db/schema/member.ts'

/** A page of the account's chat messages (its own and the answers), by id after `afterId`, for its data archive. */
export function pageChatRowsForArchive(db: DbExecutor, userId: string, afterId: string | null, limit: number) {
  return db
    .select()
    .from(chatMessages)
    .where(afterId === null ? eq(chatMessages.userId, userId) : and(eq(chatMessages.userId, userId), gt(chatMessages.id, afterId)))
    .orderBy(asc(chatMessages.id))
    .limit(limit)
}
