import type { DbExecutor } from '../../../db/database.ts'
import { problemReports } from '../../../db/schema/refunds.ts'

export type ProblemReportRow = typeof problemReports.$inferSelect

/** A buyer's report; undefined when this order already has one for this reason (the unique index decides). */
export async function insertProblemReport(
  db: DbExecutor,
  values: typeof problemReports.$inferInsert,
): Promise<ProblemReportRow | undefined> {
  const [row] = await db
    .insert(problemReports)
    .values(values)
    .onConflictDoNothing({ target: [problemReports.vehicleRequestId, problemReports.reason] })
    .returning()
  return row
}
