import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { makes } from '../catalogue/repository.ts'

/*
 * A refund's hold on a paid request (docs/decisions/026): set before the provider is called, so that no release can
 * follow; cleared when the provider refuses; kept when the request ends REFUNDED.
 */

/**
 * The paid request a refund is about, its row locked until the transaction ends: a release waits on the same row, so
 * whichever of the two commits first decides (docs/decisions/026). Undefined for an unknown id.
 */
export async function lockRefundableRequest(db: DbExecutor, requestId: string) {
  const [row] = await db
    .select({
      id: vehicleRequests.id,
      userId: vehicleRequests.userId,
      status: vehicleRequests.status,
      paidAt: vehicleRequests.paidAt,
      paidPriceCents: vehicleRequests.paidPriceCents,
      refundHeldAt: vehicleRequests.refundHeldAt,
      dueAt: vehicleRequests.dueAt,
      make: makes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      vin: vehicleRequests.vin,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(eq(vehicleRequests.id, requestId))
    .for('update', { of: vehicleRequests })
  return row
}

/**
 * Holds a paid request for its refund; false when it was refunded or held meanwhile, or released when a released line
 * may not be refunded (the no-keycode outcome).
 */
export async function holdForRefund(db: DbExecutor, requestId: string, now: Date, releasedAllowed: boolean): Promise<boolean> {
  const held = await db
    .update(vehicleRequests)
    .set({ refundHeldAt: now, updatedAt: now })
    .where(
      and(
        eq(vehicleRequests.id, requestId),
        inArray(vehicleRequests.status, releasedAllowed ? ['PENDING', 'INPROGRESS', 'FULFILLED'] : ['PENDING', 'INPROGRESS']),
        isNotNull(vehicleRequests.paidAt),
        isNull(vehicleRequests.refundHeldAt),
      ),
    )
    .returning({ id: vehicleRequests.id })
  return held.length > 0
}

/** The provider refused: the order goes back to where it was. */
export async function releaseRefundHold(db: DbExecutor, requestId: string) {
  await db
    .update(vehicleRequests)
    .set({ refundHeldAt: null })
    .where(and(eq(vehicleRequests.id, requestId), ne(vehicleRequests.status, 'REFUNDED')))
}

/** The refund is paid: the request ends as REFUNDED, out of every queue. */
export async function markRequestRefunded(db: DbExecutor, requestId: string, now: Date) {
  await db
    .update(vehicleRequests)
    .set({ status: 'REFUNDED', updatedAt: now })
    .where(and(eq(vehicleRequests.id, requestId), isNotNull(vehicleRequests.refundHeldAt)))
}
