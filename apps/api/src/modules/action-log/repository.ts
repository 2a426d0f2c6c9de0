import { and, desc, eq, inArray } from 'drizzle-orm'
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

/**
 * The newest entry of the given actions on each of the targets, in one query for a whole page of targets: who decided
 * on each account, when, and how.
 */
export function latestActionsOn(db: DbExecutor, targetType: string, targetIds: readonly string[], actions: readonly string[]) {
  if (targetIds.length === 0) return Promise.resolve([])
  return db
    .selectDistinctOn([actionLog.targetId], {
      targetId: actionLog.targetId,
      actorId: actionLog.actorId,
      action: actionLog.action,
      details: actionLog.details,
      createdAt: actionLog.createdAt,
    })
    .from(actionLog)
    .where(and(eq(actionLog.targetType, targetType), inArray(actionLog.targetId, [...targetIds]), inArray(actionLog.action, [...actions])))
    .orderBy(actionLog.targetId, desc(actionLog.createdAt), desc(actionLog.id))
}
