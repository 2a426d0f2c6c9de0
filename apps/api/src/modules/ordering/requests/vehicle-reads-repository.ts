import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { makes } from '../catalogue/repository.ts'

/** Each of these requests' vehicle with its make's name, and the `extra` columns a caller needs, in one query. */
async function selectVehicles<Extra extends Record<string, PgColumn>>(db: DbExecutor, requestIds: string[], extra: Extra) {
  if (requestIds.length === 0) return []
  return db
    .select({
      id: vehicleRequests.id,
      make: makes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
      ...extra,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(inArray(vehicleRequests.id, requestIds))
}

export const findVehicles = (db: DbExecutor, requestIds: string[]) => selectVehicles(db, requestIds, { year: vehicleRequests.year })

/** The orders problem reports name, with what the back office weighs them by: status, payment, deadline, release. */
export const findReportedVehicles = (db: DbExecutor, requestIds: string[]) =>
  selectVehicles(db, requestIds, {
    year: vehicleRequests.year,
    status: vehicleRequests.status,
    paidAt: vehicleRequests.paidAt,
    paidPriceCents: vehicleRequests.paidPriceCents,
    dueAt: vehicleRequests.dueAt,
    fulfilledAt: vehicleRequests.fulfilledAt,
    userId: vehicleRequests.userId,
  })

/** The vehicles of released requests with their payment and owner, as the release export shows them. */
export const findReleasedVehicles = (db: DbExecutor, requestIds: string[]) =>
  selectVehicles(db, requestIds, {
    year: vehicleRequests.year,
    paidAt: vehicleRequests.paidAt,
    paidPriceCents: vehicleRequests.paidPriceCents,
    userId: vehicleRequests.userId,
  })

/** A guest's order as its link shows it: the vehicle, status and sealed codes (docs/decisions/013). */
export const findLinkedVehicles = (db: DbExecutor, requestIds: string[]) =>
  selectVehicles(db, requestIds, {
    year: vehicleRequests.year,
    status: vehicleRequests.status,
    keycodeEncrypted: vehicleRequests.keycodeEncrypted,
    pincodeEncrypted: vehicleRequests.pincodeEncrypted,
    keyBlank: vehicleRequests.keyBlank,
    transponder: vehicleRequests.transponder,
    fulfilledAt: vehicleRequests.fulfilledAt,
  })

/** The vehicles of paid requests as the admins' order list shows them, the keycode still sealed. */
export const findOrderVehicles = (db: DbExecutor, requestIds: string[]) =>
  selectVehicles(db, requestIds, { status: vehicleRequests.status, keycodeEncrypted: vehicleRequests.keycodeEncrypted })

/** Where each of these paid requests stands and when its code is due, as the payment success page shows them. */
export const findRequestProgress = (db: DbExecutor, requestIds: string[]) =>
  selectVehicles(db, requestIds, { status: vehicleRequests.status, dueAt: vehicleRequests.dueAt })

/** The vehicles of cart items with what prices them: the request's price, its make's member price, and whether it is paid. */
export const findCartVehicles = (db: DbExecutor, requestIds: string[]) =>
  selectVehicles(db, requestIds, {
    year: vehicleRequests.year,
    priceCents: vehicleRequests.priceCents,
    memberPriceCents: makes.memberPriceCents,
    requiresPin: makes.requiresPin,
    paidAt: vehicleRequests.paidAt,
  })

/**
 * The key blanks given before with codes for the same make, model and year as this request, most given first
 * (vehicle_requests_key_blank_idx): what the release form suggests.
 */
export async function findKeyBlanksOfSameVehicle(db: DbExecutor, requestId: string, limit: number): Promise<string[]> {
  const same = db
    .select({ makeId: vehicleRequests.makeId, model: vehicleRequests.model, year: vehicleRequests.year })
    .from(vehicleRequests)
    .where(eq(vehicleRequests.id, requestId))
    .as('same')
  const rows = await db
    .select({ keyBlank: vehicleRequests.keyBlank, given: sql<number>`count(*)::int` })
    .from(vehicleRequests)
    .innerJoin(
      same,
      and(eq(vehicleRequests.makeId, same.makeId), eq(vehicleRequests.model, same.model), eq(vehicleRequests.year, same.year)),
    )
    .where(isNotNull(vehicleRequests.keyBlank))
    .groupBy(vehicleRequests.keyBlank)
    .orderBy(desc(sql`count(*)`), vehicleRequests.keyBlank)
    .limit(limit)
  return rows.flatMap((row) => (row.keyBlank ? [row.keyBlank] : []))
}
