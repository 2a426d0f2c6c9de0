import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { passwordResetTokens, refreshTokens } from '../../db/schema/accounts.ts'
import { loginFailures, users } from '../../db/schema/users.ts'

export async function findUserByEmail(db: DbExecutor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user
}

export async function findUserById(db: DbExecutor, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user
}

/** The columns that decide a member's premium access (subscriptions/access.ts). */
export async function findMemberAccess(db: DbExecutor, userId: string) {
  const [member] = await db
    .select({ subscriptionTier: users.subscriptionTier, trialTier: users.trialTier, trialEndsAt: users.trialEndsAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return member
}

/** The user's paid tier, the row locked until the transaction ends so two purchases decide one after the other. */
export async function lockSubscriptionTier(db: DbExecutor, userId: string) {
  const [user] = await db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId)).for('update')
  return user?.tier
}

export async function insertUser(db: DbExecutor, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning()
  if (!user) throw new Error('user insert returned nothing')
  return user
}

/** Until when sign-ins for this e-mail from this address wait, or undefined when they do not. */
export async function findLoginBlock(db: DbExecutor, email: string, ipAddress: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ blockedUntil: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ipAddress), gt(loginFailures.blockedUntil, sql`now()`)))
    .limit(1)
  return row?.blockedUntil ?? undefined
}

/**
 * Counts one failure for this e-mail from this address. From the sixth on, that pair waits 2^(n-5) seconds, at most
 * 15 minutes: guessing from one address slows down, the owner signing in from elsewhere never does. A count idle for
 * a day starts again.
 */
export async function recordFailedLogin(db: DbExecutor, email: string, ipAddress: string) {
  const count = sql`case when ${loginFailures.updatedAt} < now() - interval '1 day' then 1 else ${loginFailures.failedCount} + 1 end`
  await db
    .insert(loginFailures)
    .values({ email, ipAddress, failedCount: 1 })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.ipAddress],
      set: {
        failedCount: count,
        blockedUntil: sql`case when ${count} > 5 then now() + least(power(2, ${count} - 5), 900) * interval '1 second' else null end`,
        updatedAt: sql`now()`,
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

export async function setPassword(db: DbExecutor, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
}
