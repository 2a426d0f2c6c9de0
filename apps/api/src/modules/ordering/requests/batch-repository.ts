import type { BatchPlace } from '@keydesk/contracts/batch-place'
import { and, asc, count, desc, eq, inArray, isNotNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { requestBatches, vehicleRequests } from '../../../db/schema/ordering.ts'
import { makes } from '../catalogue/repository.ts'
import { reachableBy } from './reach-repository.ts'

/**
 * Bulk orders' batches (docs/product.md, 'Bulk ordering'). A batch's size and a request's place in it are counted
 * from its requests (vehicle_requests_batch_idx), so an unpaid request taken out of the cart leaves no gap; the batch
 * itself goes with its last request (a trigger, migration 0024).
 */

/** A new batch under this code; null when the code is taken (the caller draws another). */
export async function insertBatch(db: DbExecutor, userId: string, code: string, now: Date): Promise<string | null> {
  const [batch] = await db
    .insert(requestBatches)
    .values({ code, userId, createdAt: now })
    .onConflictDoNothing({ target: requestBatches.code })
    .returning({ id: requestBatches.id })
  return batch?.id ?? null
}

/** Many requests in one statement; answers their ids in the order given. */
export async function insertVehicleRequests(db: DbExecutor, values: (typeof vehicleRequests.$inferInsert)[]): Promise<string[]> {
  if (values.length === 0) return []
  const rows = await db
    .insert(vehicleRequests)
    .values(values)
    .returning({ id: vehicleRequests.id, position: vehicleRequests.batchPosition })
  const idAt = new Map(rows.map((row) => [row.position, row.id]))
  return values.map((value) => {
    const id = idAt.get(value.batchPosition ?? null)
    if (!id) throw new Error('batch request insert lost a row')
    return id
  })
}

/** Which of these VINs the user already has an order for that is not released yet (paid or still in the cart). */
export async function findOpenVinsOfUser(db: DbExecutor, userId: string, vins: string[]): Promise<Set<string>> {
  if (vins.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ vin: vehicleRequests.vin })
    .from(vehicleRequests)
    .where(and(inArray(vehicleRequests.vin, vins), eq(vehicleRequests.userId, userId), ne(vehicleRequests.status, 'FULFILLED')))
  return new Set(rows.map((row) => row.vin))
}

/** The outer batch row, named in full: a select from one table renders its own columns unqualified. */
const outerBatchId = sql.raw('"request_batches"."id"')
const countOfBatch = (condition = sql``) =>
  sql<number>`(select count(*)::int from ${vehicleRequests} where ${vehicleRequests.batchId} = ${outerBatchId}${condition})`

/** One page of the user's batches, newest first, each with how far its requests are (counted per batch by index). */
export async function listBatchesOfUser(db: DbExecutor, userId: string, page: { limit: number; offset: number }) {
  // A batch without requests is gone (the trigger of migration 0024), so every batch listed has some.
  const mine = eq(requestBatches.userId, userId)
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: requestBatches.id,
        code: requestBatches.code,
        createdAt: requestBatches.createdAt,
        size: countOfBatch(),
        paid: countOfBatch(sql` and ${vehicleRequests.paidAt} is not null`),
        inProgress: countOfBatch(sql` and ${vehicleRequests.paidAt} is not null and ${vehicleRequests.status} = 'INPROGRESS'`),
        released: countOfBatch(sql` and ${vehicleRequests.paidAt} is not null and ${vehicleRequests.status} = 'FULFILLED'`),
      })
      .from(requestBatches)
      .where(mine)
      .orderBy(desc(requestBatches.createdAt), desc(requestBatches.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(requestBatches).where(mine),
  ])
  return { items, total: total?.count ?? 0 }
}

/** The batch when it is this user's. */
export async function findBatchOfUser(db: DbExecutor, userId: string, batchId: string) {
  const [batch] = await db
    .select({ id: requestBatches.id, code: requestBatches.code })
    .from(requestBatches)
    .where(and(eq(requestBatches.id, batchId), eq(requestBatches.userId, userId)))
    .limit(1)
  return batch
}

/** The released requests of a batch in batch order, their codes still sealed. */
export function listReleasedOfBatch(db: DbExecutor, batchId: string, userId: string) {
  return db
    .select({
      year: vehicleRequests.year,
      make: makes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
      reference: vehicleRequests.reference,
      keycodeEncrypted: vehicleRequests.keycodeEncrypted,
      pincodeEncrypted: vehicleRequests.pincodeEncrypted,
      fulfilledAt: vehicleRequests.fulfilledAt,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(
      and(
        eq(vehicleRequests.batchId, batchId),
        eq(vehicleRequests.status, 'FULFILLED'),
        isNotNull(vehicleRequests.paidAt),
        // The codes go only to whom the access rule gives them: not to a buyer who left the business's team.
        reachableBy(userId),
      ),
    )
    .orderBy(asc(vehicleRequests.batchPosition))
}

/** Requests of the batch `batchId` names, counted where `condition` (over the alias sibling) holds. */
const siblingsOf = (batchId: SQL | typeof vehicleRequests.batchId, condition = sql``) =>
  sql<number>`(select count(*)::int from ${vehicleRequests} as sibling where sibling.batch_id = ${batchId}${condition})`

/** The request's place in its batch as columns of a query over vehicle_requests joined to request_batches (left join: nulls without a batch). */
export const batchPlaceColumns = () => ({
  batchCode: requestBatches.code,
  batchPosition: siblingsOf(vehicleRequests.batchId, sql` and sibling.batch_position <= ${vehicleRequests.batchPosition}`),
  batchSize: siblingsOf(vehicleRequests.batchId),
})

/** The batch of this code, for a query to narrow its requests to. */
export const batchIdOfCode = (code: string | Placeholder) =>
  sql`(select ${requestBatches.id} from ${requestBatches} where ${requestBatches.code} = ${code})`

/** Where each of these requests sits in its batch ("3 of 20, batch B-7K2Q"), in one query; requests of no batch are left out. */
export async function findBatchPlaces(db: DbExecutor, requestIds: string[]): Promise<Map<string, BatchPlace>> {
  if (requestIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: vehicleRequests.id,
      code: requestBatches.code,
      position: siblingsOf(vehicleRequests.batchId, sql` and sibling.batch_position <= ${vehicleRequests.batchPosition}`),
      size: siblingsOf(vehicleRequests.batchId),
    })
    .from(vehicleRequests)
    .innerJoin(requestBatches, eq(requestBatches.id, vehicleRequests.batchId))
    .where(inArray(vehicleRequests.id, requestIds))
  return new Map(rows.map(({ id, ...place }) => [id, place]))
}

/** How far the request's batch is: its size and how many of it are released; null for a request of no batch. */
export async function findBatchProgressOfRequest(db: DbExecutor, requestId: string) {
  const [row] = await db
    .select({
      code: requestBatches.code,
      size: siblingsOf(vehicleRequests.batchId),
      released: siblingsOf(vehicleRequests.batchId, sql` and sibling.status = 'FULFILLED'`),
    })
    .from(vehicleRequests)
    .innerJoin(requestBatches, eq(requestBatches.id, vehicleRequests.batchId))
    .where(eq(vehicleRequests.id, requestId))
    .limit(1)
  return row ?? null
}

/**
 * The batch of this request, its row locked until the transaction ends; undefined for a request of no batch. Two
 * releases that finish a batch together take this lock one after the other, so the second counts the first's release.
 */
export async function lockBatchOfRequest(db: DbExecutor, requestId: string) {
  const [batch] = await db
    .select({ id: requestBatches.id, code: requestBatches.code, userId: requestBatches.userId })
    .from(requestBatches)
    .where(
      eq(requestBatches.id, sql`(select ${vehicleRequests.batchId} from ${vehicleRequests} where ${vehicleRequests.id} = ${requestId})`),
    )
    .for('update')
  return batch
}

/** How a batch's requests ended so far: its size, and how many are paid and released, and paid and refunded. */
export async function countBatchOutcomes(db: DbExecutor, batchId: string) {
  const paidWith = (status: 'FULFILLED' | 'REFUNDED') =>
    sql<number>`count(*) filter (where ${vehicleRequests.paidAt} is not null and ${vehicleRequests.status} = ${status})::int`
  const [row] = await db
    .select({ size: sql<number>`count(*)::int`, released: paidWith('FULFILLED'), refunded: paidWith('REFUNDED') })
    .from(vehicleRequests)
    .where(eq(vehicleRequests.batchId, batchId))
  return row ?? { size: 0, released: 0, refunded: 0 }
}

/**
 * How far the batches of these requests are, by batch code: each batch counted whole, whatever part of it a screen
 * holds (the dashboard's tabs show the newest ORDER_TAB_LIMIT orders each), in one grouped query over the batch index.
 */
export async function countOutcomesOfBatchesOf(db: DbExecutor, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, { released: number; refunded: number }>()
  const paidWith = (status: 'FULFILLED' | 'REFUNDED') =>
    sql<number>`count(*) filter (where ${vehicleRequests.paidAt} is not null and ${vehicleRequests.status} = ${status})::int`
  const rows = await db
    .select({ code: requestBatches.code, released: paidWith('FULFILLED'), refunded: paidWith('REFUNDED') })
    .from(vehicleRequests)
    .innerJoin(requestBatches, eq(requestBatches.id, vehicleRequests.batchId))
    .where(
      inArray(
        vehicleRequests.batchId,
        db
          .selectDistinct({ batchId: sql<string>`${vehicleRequests.batchId}` })
          .from(vehicleRequests)
          .where(and(inArray(vehicleRequests.id, requestIds), isNotNull(vehicleRequests.batchId))),
      ),
    )
    .groupBy(requestBatches.code)
  return new Map(rows.map(({ code, ...outcome }) => [code, outcome]))
}
