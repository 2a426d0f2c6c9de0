import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { enrolmentCodes } from '../../../db/schema/accounts.ts'
import { loginHistory } from '../../../db/schema/member.ts'

export function findRecentSignIns(db: DbExecutor, userId: string, limit: number) {
  return db
    .select({ signedInAt: loginHistory.signedInAt, ipAddress: loginHistory.ipAddress, userAgent: loginHistory.userAgent })
    .from(loginHistory)
    .where(eq(loginHistory.userId, userId))
    .orderBy(desc(loginHistory.signedInAt))
    .limit(limit)
}

/** The longest user agent kept: it is free text from the client, so it is cut to a sane length. */
const USER_AGENT_MAX_LENGTH = 300

/** Adds one successful sign-in to the member's login history (docs/product.md, 'Member area, chat and support', Security). */
export async function insertSignIn(db: DbExecutor, signIn: { userId: string; ipAddress?: string | null; userAgent?: string | null }) {
  await db.insert(loginHistory).values({
    userId: signIn.userId,
    ipAddress: signIn.ipAddress ?? null,
    userAgent: signIn.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
  })
}

/** Stores the account's enrolment code (decision 025), replacing an earlier one. */
export async function saveEnrolmentCode(db: DbExecutor, userId: string, codeHash: string, expiresAt: Date) {
  await db
    .insert(enrolmentCodes)
    .values({ userId, codeHash, expiresAt })
    .onConflictDoUpdate({ target: enrolmentCodes.userId, set: { codeHash, expiresAt } })
}

/** Spends the account's enrolment code when it matches and has not expired; answers whether it did. */
export async function claimEnrolmentCode(db: DbExecutor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const spent = await db
    .delete(enrolmentCodes)
    .where(and(eq(enrolmentCodes.userId, userId), eq(enrolmentCodes.codeHash, codeHash), gt(enrolmentCodes.expiresAt, now)))
    .returning({ userId: enrolmentCodes.userId })
  return spent.length === 1
}

/**
 * Clears the address and the browser of up to `limit` sign-ins made before `before`, oldest first (the analytics
 * period, docs/decisions/030; served by login_history_identifying_idx); answers how many.
 */
export async function anonymiseSignInsBefore(db: DbExecutor, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: loginHistory.id })
    .from(loginHistory)
    .where(and(lt(loginHistory.signedInAt, before), or(isNotNull(loginHistory.ipAddress), isNotNull(loginHistory.userAgent))))
    .orderBy(asc(loginHistory.signedInAt))
    .limit(limit)
  const cleared = await db
    .update(loginHistory)
    .set({ ipAddress: null, userAgent: null })
    .where(inArray(loginHistory.id, oldest))
    .returning({ id: loginHistory.id })
  return cleared.length
}
