import { eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { memberProfiles } from '../../../db/schema/member.ts'
import { users } from '../../../db/schema/users.ts'

/**
 * The account's rows as stored, for its data archive (back-office/member-archive), which keeps only the columns its
 * declaration shows: the password hash and the restore link's digest never leave it.
 */
export async function readAccountRowsForArchive(db: DbExecutor, userId: string) {
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!account) return null
  const [profile] = await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId)).limit(1)
  return { account, profile: profile ?? null }
}
