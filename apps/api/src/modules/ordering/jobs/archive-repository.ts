import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { jobRecords } from '../../../db/schema/ordering.ts'

/** Every job record of the account, for its data archive. */
export function listJobRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(jobRecords)
    .where(eq(jobRecords.userId, userId))
    .orderBy(asc(jobRecords.createdAt), asc(jobRecords.vehicleRequestId))
}
