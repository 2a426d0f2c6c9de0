import { desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
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
