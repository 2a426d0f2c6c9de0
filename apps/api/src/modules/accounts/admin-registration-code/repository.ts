import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { adminRegistrationCodes } from '../../../db/schema/accounts.ts'

/** Codes sent to the e-mail since `since`. */
export async function countCodesSince(db: DbExecutor, email: string, since: Date): Promise<number> {
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(adminRegistrationCodes)
    .where(and(eq(adminRegistrationCodes.email, email), gt(adminRegistrationCodes.createdAt, since)))
  return recent?.count ?? 0
}

export async function insertCode(db: DbExecutor, values: typeof adminRegistrationCodes.$inferInsert) {
  await db.insert(adminRegistrationCodes).values(values)
}

const usable = (email: string, codeHash: string, now: Date) =>
  and(
    eq(adminRegistrationCodes.codeHash, codeHash),
    eq(adminRegistrationCodes.email, email),
    isNull(adminRegistrationCodes.usedAt),
    gt(adminRegistrationCodes.expiresAt, now),
  )

export async function isCodeUsable(db: DbExecutor, email: string, codeHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: adminRegistrationCodes.id })
    .from(adminRegistrationCodes)
    .where(usable(email, codeHash, now))
    .limit(1)
  return Boolean(row)
}

/** Marks the code used; answers false when it was not usable (a second registration with it finds it used). */
export async function markCodeUsed(db: DbExecutor, email: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminRegistrationCodes)
    .set({ usedAt: now })
    .where(usable(email, codeHash, now))
    .returning({ id: adminRegistrationCodes.id })
  return rows.length === 1
}
