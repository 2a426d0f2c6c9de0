import { and, inArray, isNotNull, lt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { photoIdArray } from './photo-columns.ts'

/**
 * Deletes the paid requests among these whose payment is older than `paidBefore`, with their release records, order
 * links and problem reports (by the foreign keys); answers the files their photos were, for the caller to remove.
 * A request paid again later, or never paid, is not touched.
 */
export async function deletePaidRequestsBefore(db: DbExecutor, requestIds: string[], paidBefore: Date): Promise<string[]> {
  if (requestIds.length === 0) return []
  const rows = await db
    .delete(vehicleRequests)
    .where(and(inArray(vehicleRequests.id, requestIds), isNotNull(vehicleRequests.paidAt), lt(vehicleRequests.paidAt, paidBefore)))
    .returning({ ids: photoIdArray() })
  return rows.flatMap((row) => row.ids).filter((id): id is string => id !== null)
}
