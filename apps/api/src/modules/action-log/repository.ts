import { desc } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { actionLog } from '../../db/schema/action-log.ts'

export interface ActionEntry {
  /** null when nobody signed in acted (a guest opening their order link). */
  actorId: string | null
  action: string
  targetType: string
  targetId: string
  details?: Record<string, unknown>
}

/** Appends one admin action, in the caller's transaction so the log and the change commit together. */
export async function recordAction(db: DbExecutor, entry: ActionEntry): Promise<void> {
  await db.insert(actionLog).values({ ...entry, details: entry.details ?? {} })
}

/** The newest entries of the action log. */
export function listRecentActions(db: DbExecutor, limit: number) {
  return db.select().from(actionLog).orderBy(desc(actionLog.createdAt), desc(actionLog.id)).limit(limit)
}
