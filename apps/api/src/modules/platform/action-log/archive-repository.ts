import { and, asc, eq, gt, or } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { actionLog } from '../../../db/schema/action-log.ts'

/**
 * A page of the log entries the account made or that name the account as their target, after `afterId`, for its
 * data archive. Both halves of the condition are served by the actor and the target indexes.
 */
export function pageActionsAboutAccountForArchive(db: DbExecutor, userId: string, afterId: number | null, limit: number) {
  const about = or(eq(actionLog.actorId, userId), and(eq(actionLog.targetType, 'user'), eq(actionLog.targetId, userId)))
  return db
    .select()
    .from(actionLog)
    .where(afterId === null ? about : and(about, gt(actionLog.id, afterId)))
    .orderBy(asc(actionLog.id))
    .limit(limit)
}
