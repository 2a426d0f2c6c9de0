import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { notices } from '../../../db/schema/member.ts'

/** The notices addressed to the account itself (a notice to every member is not about them), for its data archive. */
export function listNoticeRowsForArchive(db: DbExecutor, userId: string) {
  return db.select().from(notices).where(eq(notices.userId, userId)).orderBy(asc(notices.createdAt), asc(notices.id))
}
