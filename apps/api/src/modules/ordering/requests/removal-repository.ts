import { and, asc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { photoFileIds, photoIdArray, withoutPhotos } from './photo-columns.ts'

/**
 * For an account being deleted: its unpaid requests go, its paid ones stay without their identity photos
 * (the 7-year retention of docs/product.md, 'Policies shown on the static pages').
 */
export async function removeRequestsOfUser(db: DbExecutor, userId: string) {
  await db.delete(vehicleRequests).where(and(eq(vehicleRequests.userId, userId), isNull(vehicleRequests.paidAt)))
  await db.update(vehicleRequests).set(withoutPhotos()).where(eq(vehicleRequests.userId, userId))
}

export async function listPaidPhotoFileIdsOfGuests(db: DbExecutor, guestIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ ids: photoIdArray() })
    .from(vehicleRequests)
    .where(and(inArray(vehicleRequests.guestId, guestIds), isNotNull(vehicleRequests.paidAt)))
  return rows.flatMap((row) => row.ids).filter((id): id is string => Boolean(id))
}

export async function deleteUnpaidRequestsOfGuests(db: DbExecutor, guestIds: string[]) {
  await db.delete(vehicleRequests).where(and(inArray(vehicleRequests.guestId, guestIds), isNull(vehicleRequests.paidAt)))
}

/**
 * Members' unpaid requests untouched since `before` (vehicle_requests_unpaid_idx), locked for removal; rows a checkout
 * holds right now are skipped, so a checkout in progress is never swept from under it.
 */
export async function lockStaleUnpaidMemberRequests(db: DbExecutor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(and(isNull(vehicleRequests.paidAt), isNotNull(vehicleRequests.userId), lt(vehicleRequests.updatedAt, before)))
    .orderBy(asc(vehicleRequests.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return rows.map((row) => row.id)
}

/** Deletes these unpaid requests except those `keep` names, answering the ids of their photo files. */
export async function deleteUnpaidRequestsExcept(db: DbExecutor, requestIds: string[], keep: SQL): Promise<string[]> {
  if (requestIds.length === 0) return []
  const deleted = await db
    .delete(vehicleRequests)
    .where(and(inArray(vehicleRequests.id, requestIds), isNull(vehicleRequests.paidAt), sql`${vehicleRequests.id} not in (${keep})`))
    .returning()
  return deleted.flatMap(photoFileIds)
}
