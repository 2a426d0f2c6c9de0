import { and, asc, eq, gt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { loginHistory } from '../../../db/schema/member.ts'

/** A page of the account's sign-ins, by id after `afterId`, for its data archive (a sign-in history grows without end). */
export function pageLoginHistoryForArchive(db: DbExecutor, userId: string, afterId: string | null, limit: number) {
  return db
    .select()
    .from(loginHistory)
    .where(afterId === null ? eq(loginHistory.userId, userId) : and(eq(loginHistory.userId, userId), gt(loginHistory.id, afterId)))
    .orderBy(asc(loginHistory.id))
    .limit(limit)
}
