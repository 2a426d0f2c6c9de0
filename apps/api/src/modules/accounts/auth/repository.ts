import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { passwordResetTokens, refreshTokens } from '../../../db/schema/accounts.ts'
import { loginFailures } from '../../../db/schema/users.ts'

/** Until when sign-ins for this e-mail from this address wait, or undefined when they do not. */
export async function findLoginBlock(db: DbExecutor, email: string, ipAddress: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ blockedUntil: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ipAddress), gt(loginFailures.blockedUntil, now)))
    .limit(1)
  return row?.blockedUntil ?? undefined
}

/**
 * Counts one failure for this e-mail from this address. From the sixth on, that pair waits 2^(n-5) seconds, at most
 * 15 minutes: guessing from one address slows down, the owner signing in from elsewhere never does. A count idle for
 * a day starts again.
 */
export async function recordFailedLogin(db: DbExecutor, email: string, ipAddress: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`
  const count = sql`case when ${loginFailures.updatedAt} < ${at} - interval '1 day' then 1 else ${loginFailures.failedCount} + 1 end`
  await db
    .insert(loginFailures)
    .values({ email, ipAddress, failedCount: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.ipAddress],
      set: {
        failedCount: count,
        blockedUntil: sql`case when ${count} > 5 then ${at} + least(power(2, ${count} - 5), 900) * interval '1 second' else null end`,
        updatedAt: now,
      },
    })
}

export async function clearFailedLogins(db: DbExecutor, email: string, ipAddress?: string) {
  await db
    .delete(loginFailures)
    .where(
      ipAddress === undefined
        ? eq(loginFailures.email, email)
        : and(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ipAddress)),
    )
}

export async function insertRefreshToken(db: DbExecutor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values)
}

export async function findRefreshToken(db: DbExecutor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1).for('update')
  return row
}

/** Marks a token rotated only if nobody rotated it first; answers whether this caller won. */
export async function markRefreshTokenRotated(db: DbExecutor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  return rows.length === 1
}

export async function revokeRefreshFamily(db: DbExecutor, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

export async function revokeAllRefreshTokens(db: DbExecutor, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}

/** Reset tokens issued to the user since `since`. */
export async function countResetTokensSince(db: DbExecutor, userId: string, since: Date): Promise<number> {
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)))
  return recent?.count ?? 0
}

export async function insertResetToken(db: DbExecutor, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values)
}

/** Uses a reset token once: only an unused token unexpired at `now` is consumed; answers its user or nothing. */
export async function consumeResetToken(db: DbExecutor, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId })
  return row?.userId
}

/** Removes up to `limit` refresh tokens past their expiry (refresh_tokens_expires_idx); an expired token is refused whatever its row says. */
export async function deleteExpiredRefreshTokens(db: DbExecutor, now: Date, limit: number): Promise<number> {
  const expired = db.select({ id: refreshTokens.id }).from(refreshTokens).where(lt(refreshTokens.expiresAt, now)).limit(limit)
  return (await db.delete(refreshTokens).where(inArray(refreshTokens.id, expired)).returning({ id: refreshTokens.id })).length
}

/** Removes up to `limit` password-reset tokens past their expiry (password_reset_tokens_expires_idx). */
export async function deleteExpiredResetTokens(db: DbExecutor, now: Date, limit: number): Promise<number> {
  const expired = db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, now))
    .limit(limit)
  return (await db.delete(passwordResetTokens).where(inArray(passwordResetTokens.id, expired)).returning({ id: passwordResetTokens.id }))
    .length
}

/**
 * Removes up to `limit` failure counts idle since `before` (login_failures_updated_idx): a count idle for a day starts
 * again at one and its wait ended long before, so such a row decides nothing.
 */
export async function deleteIdleLoginFailures(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const idle = sql`(${loginFailures.email}, ${loginFailures.ipAddress}) in (select ${loginFailures.email}, ${loginFailures.ipAddress}
    from ${loginFailures} where ${loginFailures.updatedAt} < ${before.toISOString()}::timestamptz limit ${limit})`
  return (await db.delete(loginFailures).where(idle).returning({ email: loginFailures.email })).length
}
