import type { ServicePlan } from '@keydesk/contracts/service-levels'
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { makes } from '../catalogue/repository.ts'
import { photoFileIds } from './photo-columns.ts'
import { boughtAndReachable } from './reach-repository.ts'

export async function insertVehicleRequest(db: DbExecutor, values: typeof vehicleRequests.$inferInsert): Promise<string> {
  const [request] = await db.insert(vehicleRequests).values(values).returning({ id: vehicleRequests.id })
  if (!request) throw new Error('vehicle request insert returned nothing')
  return request.id
}

const ownRequest = (db: DbExecutor, userId: string, requestId: string) =>
  db
    .select({ request: vehicleRequests, makeName: makes.name })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(and(eq(vehicleRequests.id, requestId), boughtAndReachable(userId)))

/** The user's own request with its make's name; another user's request is not found. */
export async function findOwnRequest(db: DbExecutor, userId: string, requestId: string) {
  const [row] = await ownRequest(db, userId, requestId).limit(1)
  return row
}

/**
 * The same, its row locked until the transaction ends: a checkout that names the request (lockRequests) waits for
 * the change, or the change waits for the checkout and then finds it (docs/decisions/013).
 */
export async function lockOwnRequest(db: DbExecutor, userId: string, requestId: string) {
  const [row] = await ownRequest(db, userId, requestId).for('update', { of: vehicleRequests })
  return row
}

/** Locks these requests' rows until the transaction ends, in id order so that two lockers never deadlock. */
export async function lockRequests(db: DbExecutor, requestIds: string[]) {
  if (requestIds.length === 0) return []
  return db
    .select({ id: vehicleRequests.id, businessId: vehicleRequests.businessId, locationId: vehicleRequests.locationId })
    .from(vehicleRequests)
    .where(inArray(vehicleRequests.id, requestIds))
    .orderBy(asc(vehicleRequests.id))
    .for('update')
}

/** Changes the request while it is PENDING; answers false once it is not. */
export async function updatePendingRequest(db: DbExecutor, requestId: string, values: Partial<typeof vehicleRequests.$inferInsert>) {
  const updated = await db
    .update(vehicleRequests)
    .set(values)
    .where(and(eq(vehicleRequests.id, requestId), eq(vehicleRequests.status, 'PENDING')))
    .returning({ id: vehicleRequests.id })
  return updated.length > 0
}

/** Deletes the request unless it is paid, and answers the ids of its photo files (none when nothing was deleted). */
export async function deleteUnpaidRequest(db: DbExecutor, requestId: string): Promise<string[]> {
  const [request] = await db
    .delete(vehicleRequests)
    .where(and(eq(vehicleRequests.id, requestId), isNull(vehicleRequests.paidAt)))
    .returning()
  return request ? photoFileIds(request) : []
}

/** Deletes the request while it is PENDING and unpaid, answering its photo files' ids; undefined when it is not. */
export async function deletePendingRequest(db: DbExecutor, requestId: string): Promise<string[] | undefined> {
  const [request] = await db
    .delete(vehicleRequests)
    .where(and(eq(vehicleRequests.id, requestId), eq(vehicleRequests.status, 'PENDING'), isNull(vehicleRequests.paidAt)))
    .returning()
  return request ? photoFileIds(request) : undefined
}

/**
 * Queues the unpaid ones of these requests as paid, in one statement, each recording what its own line charged;
 * answers the requests it changed (one paid before in another checkout is left as it is).
 */
export async function markRequestsPaid(
  db: DbExecutor,
  requestIds: string[],
  paidCents: { vehicleRequestId: string; amountCents: number }[],
  paid: { paidAt: Date; servicePlan: ServicePlan; dueAt: Date },
) {
  const amount = sql`case ${vehicleRequests.id} ${sql.join(
    paidCents.map((line) => sql`when ${line.vehicleRequestId}::uuid then ${line.amountCents}::int`),
    sql` `,
  )} end`
  return db
    .update(vehicleRequests)
    .set({ ...paid, paidPriceCents: amount, status: 'PENDING', updatedAt: paid.paidAt })
    .where(and(inArray(vehicleRequests.id, requestIds), isNull(vehicleRequests.paidAt)))
    .returning({ id: vehicleRequests.id, userId: vehicleRequests.userId })
}

/**
 * PENDING to INPROGRESS for a paid request, conditional on the status and on no refund holding it; undefined when the
 * request was not pending, paid and unheld.
 */
export async function startPaidRequest(db: DbExecutor, requestId: string, adminId: string, now: Date) {
  const [started] = await db
    .update(vehicleRequests)
    .set({ status: 'INPROGRESS', startedBy: adminId, startedAt: now, updatedAt: now })
    .where(
      and(
        eq(vehicleRequests.id, requestId),
        eq(vehicleRequests.status, 'PENDING'),
        isNotNull(vehicleRequests.paidAt),
        isNull(vehicleRequests.refundHeldAt),
      ),
    )
    .returning({ userId: vehicleRequests.userId })
  return started
}

/**
 * INPROGRESS to FULFILLED with the sealed keycode and PIN, conditional on the status and on no refund holding the
 * request: of a release and a refund in flight together, the one whose write reaches the row first wins, the other
 * finds the row changed (docs/decisions/026). Answers whether it changed.
 */
export async function fulfilStartedRequest(
  db: DbExecutor,
  requestId: string,
  release: {
    keycodeEncrypted: string
    pincodeEncrypted: string | null
    keyBlank: string | null
    transponder: string | null
    fulfilledBy: string
    fulfilledAt: Date
  },
) {
  const fulfilled = await db
    .update(vehicleRequests)
    .set({ status: 'FULFILLED', ...release, updatedAt: release.fulfilledAt })
    .where(and(eq(vehicleRequests.id, requestId), eq(vehicleRequests.status, 'INPROGRESS'), isNull(vehicleRequests.refundHeldAt)))
    .returning({ id: vehicleRequests.id })
  return fulfilled.length > 0
}

/** The least advanced status among the requests a subquery names, as a scalar subquery (an order's status is that). */
export const leastStatusOf = (requestIds: SQL) =>
  sql`(select min(${vehicleRequests.status}) from ${vehicleRequests} where ${vehicleRequests.id} in (${requestIds}))`
