import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { sessions } from '../../../db/schema/accounts.ts'

/** Every session row of the account still held (ended ones until the sweep removes them), for its data archive. */
export function listSessionRowsForArchive(db: DbExecutor, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.startedAt), asc(sessions.id))
}
