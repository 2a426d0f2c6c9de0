import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { actionLog } from '../../../db/schema/action-log.ts'

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

export interface ActionPageFilter {
  kind?: string
  actorId?: string
  from?: Date
  /** The first instant after the range. */
  until?: Date
}

/**
 * What a kind selects. Entries written before the log told them apart are read as what they were: a keycode
 * "release" with no actor is a guest opening its order link, and REQUEST_FULFILLED always came with the release
 * entry of the same event, so it is never listed.
 */
function kindCondition(kind: string | undefined): SQL | undefined {
  if (kind === undefined) return ne(actionLog.action, 'REQUEST_FULFILLED')
  if (kind === 'KEYCODE_RELEASED') return and(eq(actionLog.action, 'KEYCODE_RELEASED'), isNotNull(actionLog.actorId))
  if (kind === 'ORDER_LINK_VIEWED')
    return or(eq(actionLog.action, 'ORDER_LINK_VIEWED'), and(eq(actionLog.action, 'KEYCODE_RELEASED'), isNull(actionLog.actorId)))
  return eq(actionLog.action, kind)
}

/**
 * One page of the log, newest first, after the entry `before` (keyset paging on the primary key); a kind or an actor
 * is served by action_log_action_idx or action_log_actor_idx, a range of days by action_log_created_idx.
 */
export function listActionsPage(db: DbExecutor, filter: ActionPageFilter, before: number | undefined, limit: number) {
  const conditions = [
    kindCondition(filter.kind),
    filter.actorId ? eq(actionLog.actorId, filter.actorId) : undefined,
    filter.from ? gte(actionLog.createdAt, filter.from) : undefined,
    filter.until ? lt(actionLog.createdAt, filter.until) : undefined,
    before ? lt(actionLog.id, before) : undefined,
  ]
  return db
    .select()
    .from(actionLog)
    .where(and(...conditions))
    .orderBy(desc(actionLog.id))
    .limit(limit)
}

export type ActionRow = typeof actionLog.$inferSelect

/**
 * Removes the client address from up to `limit` entries written before `before`, oldest first, the entry itself kept:
 * the one change the log's append-only trigger allows (the analytics period, docs/decisions/030); answers how many.
 */
export async function removeClientAddressesBefore(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const cleared = (await db.execute(sql`
    update ${actionLog} set details = ${actionLog.details} - 'clientAddress'
    where ${actionLog.id} in (
      select ${actionLog.id} from ${actionLog}
      where (${actionLog.details} ->> 'clientAddress') is not null and ${actionLog.createdAt} < ${before.toISOString()}::timestamptz
      order by ${actionLog.createdAt} limit ${limit}
    )
    returning ${actionLog.id}`)) as unknown as { rows: unknown[] }
  return cleared.rows.length
}
