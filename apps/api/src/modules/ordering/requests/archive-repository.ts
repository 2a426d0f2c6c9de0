import { and, asc, eq, gt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { requestBatches, vehicleRequests } from '../../../db/schema/ordering.ts'
import { makes } from '../catalogue/repository.ts'

/**
 * A page of the account's keycode requests (paid or not) with their make's name, by id after `afterId`, for its data
 * archive: a member may hold thousands, so the archive reads them a page at a time. The keycode and PIN come sealed.
 */
export function pageRequestRowsForArchive(db: DbExecutor, userId: string, afterId: string | null, limit: number) {
  return db
    .select({ request: vehicleRequests, makeName: makes.name })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(afterId === null ? eq(vehicleRequests.userId, userId) : and(eq(vehicleRequests.userId, userId), gt(vehicleRequests.id, afterId)))
    .orderBy(asc(vehicleRequests.id))
    .limit(limit)
}

/** The account's bulk orders' batches, for its data archive. */
export function listBatchRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(requestBatches)
    .where(eq(requestBatches.userId, userId))
    .orderBy(asc(requestBatches.createdAt), asc(requestBatches.id))
}
