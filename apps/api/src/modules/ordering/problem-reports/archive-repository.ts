import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { problemReports } from '../../../db/schema/refunds.ts'

/** Every problem report the account filed, for its data archive. */
export function listProblemReportRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(problemReports)
    .where(eq(problemReports.userId, userId))
    .orderBy(asc(problemReports.createdAt), asc(problemReports.id))
}
