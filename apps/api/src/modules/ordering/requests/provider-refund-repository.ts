import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'

/*
 * What the payment provider's webhooks change on paid requests (docs/decisions/028): a line paid back in the provider's
 * dashboard ends REFUNDED; a dispute asks whether a keycode of its checkout had gone out.
 */

/**
 * A paid line the provider paid back outside Keydesk ends REFUNDED, released or not (the money has gone back either
 * way); the hold is set with it, so no release can follow. Answers the buyer, or undefined when it was refunded already.
 */
export async function markRequestRefundedAtProvider(db: DbExecutor, requestId: string, now: Date) {
  const [row] = await db
    .update(vehicleRequests)
    .set({ status: 'REFUNDED', refundHeldAt: now, updatedAt: now })
    .where(
      and(
        eq(vehicleRequests.id, requestId),
        inArray(vehicleRequests.status, ['PENDING', 'INPROGRESS', 'FULFILLED']),
        isNotNull(vehicleRequests.paidAt),
      ),
    )
    .returning({ id: vehicleRequests.id, userId: vehicleRequests.userId })
  return row
}

/** Whether a keycode of any of these requests has been released (a refund after release keeps its release time). */
export async function anyKeycodeReleased(db: DbExecutor, requestIds: string[]): Promise<boolean> {
  if (requestIds.length === 0) return false
  const [row] = await db
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(and(inArray(vehicleRequests.id, requestIds), isNotNull(vehicleRequests.fulfilledAt)))
    .limit(1)
  return row !== undefined
}
