import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'

/**
 * A released keycode reported as not working goes back to the pending queue for a corrected one (docs/decisions/027):
 * its keycode and PIN are taken off the order so that nobody goes on using the wrong code, and it is due as long after
 * now as it was after its payment. Only a released order that no refund holds; answers the request, or undefined.
 */
export async function reopenForCorrectedKeycode(db: DbExecutor, requestId: string, now: Date) {
  const [row] = await db
    .update(vehicleRequests)
    .set({
      status: 'PENDING',
      keycodeEncrypted: null,
      pincodeEncrypted: null,
      keyBlank: null,
      transponder: null,
      startedBy: null,
      startedAt: null,
      fulfilledBy: null,
      fulfilledAt: null,
      dueAt: sql`${now.toISOString()}::timestamptz + (${vehicleRequests.dueAt} - ${vehicleRequests.paidAt})`,
      updatedAt: now,
    })
    .where(and(eq(vehicleRequests.id, requestId), eq(vehicleRequests.status, 'FULFILLED'), isNull(vehicleRequests.refundHeldAt)))
    .returning({ id: vehicleRequests.id, userId: vehicleRequests.userId })
  return row
}

/** The ids of a member's paid requests, as a subquery the problem reports' read embeds (vehicle_requests_user_status_idx). */
export const paidRequestIdsOfUser = (userId: string): SQL =>
  sql`select ${vehicleRequests.id} from ${vehicleRequests} where ${vehicleRequests.userId} = ${userId} and ${vehicleRequests.paidAt} is not null`
