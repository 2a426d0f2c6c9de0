import { desc } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { actionLog } from '../../db/schema/action-log.ts'

/** The newest entries of the action log. */
export function listRecentActions(db: DbExecutor, limit: number) {
  return db.select().from(actionLog).orderBy(desc(actionLog.createdAt), desc(actionLog.id)).limit(limit)
}
