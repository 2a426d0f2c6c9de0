import { and, desc, eq, gt } from 'drizzle-orm'
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

export async function insertSignIn(db: DbExecutor, values: { userId: string; ipAddress: string | null; userAgent: string | null }) {
  await db.insert(loginHistory).values(values)
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
