import type { SessionEndReason } from '@keydesk/contracts/auth-messages'
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { sessions } from '../../../db/schema/accounts.ts'

// The sessions table: one row per sign-in on a device (decision 022). This module owns it; the principal read every
// signed-in call makes joins it through `openSessions` below, so checking the session costs no query of its own.

/**
 * The sessions not ended, as a derived table for the per-call account read (members/account-repository.ts) to join by
 * session id; PostgreSQL inlines it into a plain join on the primary key.
 */
export const openSessions = new QueryBuilder()
  .select({ id: sessions.id, userId: sessions.userId, signedInWithPasskey: sessions.signedInWithPasskey })
  .from(sessions)
  .where(isNull(sessions.endedAt))
  .as('open_sessions')

export async function insertSession(
  db: DbExecutor,
  values: {
    userId: string
    device: string
    ipAddress: string | null
    timeZone: string | null
    startedAt: Date
    expiresAt: Date
    signedInWithPasskey?: boolean
    passkeyId?: string | null
  },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, lastSeenAt: values.startedAt })
    .returning({ id: sessions.id })
  if (!row) throw new Error('session insert returned nothing')
  return row.id
}

/** A session of this account that has neither ended nor expired, locked until the transaction ends (refresh). */
export async function findOpenSession(db: DbExecutor, id: string, userId: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .limit(1)
    .for('update')
  return row
}

/** A refresh: the device was seen now, and the session lasts as long as its new refresh token. */
export async function touchSession(db: DbExecutor, id: string, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id))
}

export async function listOpenSessions(db: DbExecutor, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      ipAddress: sessions.ipAddress,
      timeZone: sessions.timeZone,
      startedAt: sessions.startedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.startedAt))
}

/** Ends one open session of this account; answers whether it did (another account's id ends nothing). */
export async function endSession(db: DbExecutor, id: string, userId: string, now: Date, reason: SessionEndReason): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id })
  return ended.length === 1
}

/** Ends every open session of the account but `keptId`; answers the ids it ended. */
export async function endOtherSessions(db: DbExecutor, userId: string, keptId: string, now: Date): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endedReason: 'ENDED_ELSEWHERE' })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id })
  return ended.map((row) => row.id)
}

/**
 * Ends the open sessions one passkey (or, without an id, any passkey) signed in, as it is removed, but `keptId`: the
 * session whose owner just proved who they are to remove it. Answers the ids it ended.
 */
export async function endSessionsOfPasskey(
  db: DbExecutor,
  userId: string,
  passkeyId: string | null,
  keptId: string,
  now: Date,
): Promise<string[]> {
  const signedInBy = passkeyId === null ? isNotNull(sessions.passkeyId) : eq(sessions.passkeyId, passkeyId)
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endedReason: 'PASSKEY_REMOVED' })
    .where(and(eq(sessions.userId, userId), signedInBy, ne(sessions.id, keptId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id })
  return ended.map((row) => row.id)
}

/** Ends every open session of the account (a new password, a revocation: decision 014; a removal from a team: decision 039). */
export async function endAllSessionsOf(db: DbExecutor, userId: string, now: Date, reason: SessionEndReason = 'ACCOUNT_CHANGED') {
  await db
    .update(sessions)
    .set({ endedAt: now, endedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
}

/**
 * Removes up to `limit` sessions that ended or expired before `before`, served by the index on the earlier of the two
 * (least() skips a null end). Answers how many it removed.
 */
export async function deleteSessionsOverBefore(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const at = sql`${before.toISOString()}::timestamptz`
  const removed = await db
    .delete(sessions)
    .where(
      inArray(
        sessions.id,
        db.select({ id: sessions.id }).from(sessions).where(sql`least(${sessions.endedAt}, ${sessions.expiresAt}) < ${at}`).limit(limit),
      ),
    )
    .returning({ id: sessions.id })
  return removed.length
}

/** Why a session ended; null while it is open (or for a session swept away since). */
export async function findSessionEndReason(db: DbExecutor, id: string): Promise<SessionEndReason | null> {
  const [row] = await db.select({ endedReason: sessions.endedReason }).from(sessions).where(eq(sessions.id, id)).limit(1)
  return row?.endedReason ?? null
}
