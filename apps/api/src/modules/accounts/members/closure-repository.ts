import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { users } from '../../../db/schema/users.ts'

// The users gateway for closing, restoring and purging an account (docs/decisions/035).

/** Closes an open account with the digest of its restore link; answers false when it was closed already or is gone. */
export async function markAccountClosed(db: DbExecutor, userId: string, restoreTokenHash: string, now: Date): Promise<boolean> {
  const closed = await db
    .update(users)
    .set({ closedAt: now, restoreTokenHash, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .returning({ id: users.id })
  return closed.length > 0
}

/**
 * Opens again the account the restore link names, once, and only if it was closed after `closedAfter`; answers the
 * account, or undefined for a link used already, expired, or never given.
 */
export async function reopenAccount(db: DbExecutor, restoreTokenHash: string, closedAfter: Date, now: Date) {
  const [reopened] = await db
    .update(users)
    .set({ closedAt: null, restoreTokenHash: null, updatedAt: now })
    .where(and(eq(users.restoreTokenHash, restoreTokenHash), gt(users.closedAt, closedAfter)))
    .returning({ id: users.id, email: users.email })
  return reopened
}

/** The accounts closed before `before`, oldest first, through the partial index on closed_at. */
export function listAccountsClosedBefore(db: DbExecutor, before: Date, limit: number) {
  return db.select({ id: users.id }).from(users).where(lt(users.closedAt, before)).orderBy(asc(users.closedAt)).limit(limit)
}

/**
 * The account to purge, its row locked until the transaction ends, so a restore cannot slip in between the check and
 * the purge; `closedBefore` null purges an open account too (a super admin's purge on a verified request).
 */
export async function lockAccountToPurge(db: DbExecutor, userId: string, closedBefore: Date | null) {
  const [account] = await db
    .select({ id: users.id, email: users.email, role: users.role, closedAt: users.closedAt })
    .from(users)
    .where(closedBefore ? and(eq(users.id, userId), lt(users.closedAt, closedBefore)) : eq(users.id, userId))
    .for('update')
  return account
}
