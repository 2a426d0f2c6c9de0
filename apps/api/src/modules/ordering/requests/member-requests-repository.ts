import { ORDER_TAB_LIMIT } from '@keydesk/contracts/limits'
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { preparedStatement } from '../../../db/prepared-statements.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { startsWith } from '../../../db/starts-with.ts'
import { makes } from '../catalogue/repository.ts'
import { firstPaidConfirmationNumberOf } from '../orders/repository.ts'
import { boughtAndReachable } from './reach-repository.ts'

/** The newest `limit` requests of one user, newest first. */
export function listRequestsOfUser(db: DbExecutor, userId: string, limit: number) {
  return db
    .select({
      id: vehicleRequests.id,
      status: vehicleRequests.status,
      make: makes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(eq(vehicleRequests.userId, userId))
    .orderBy(desc(vehicleRequests.createdAt))
    .limit(limit)
}

/** One of the user's own requests: its status and whether it was paid (undefined for anyone else's). */
export async function findOwnRequestStatus(db: DbExecutor, userId: string, requestId: string) {
  const [order] = await db
    .select({ status: vehicleRequests.status, paid: sql<boolean>`${vehicleRequests.paidAt} is not null` })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.id, requestId), boughtAndReachable(userId)))
  return order
}

/** How many of the member's paid requests are in progress and how many fulfilled. */
export async function countPaidRequestsInWork(db: DbExecutor, userId: string) {
  const [orders] = await db
    .select({
      inProgress: sql<number>`count(*) filter (where ${vehicleRequests.status} = 'INPROGRESS')::int`,
      fulfilled: sql<number>`count(*) filter (where ${vehicleRequests.status} = 'FULFILLED')::int`,
    })
    .from(vehicleRequests)
    .where(and(boughtAndReachable(userId), isNotNull(vehicleRequests.paidAt)))
  return { inProgress: orders?.inProgress ?? 0, fulfilled: orders?.fulfilled ?? 0 }
}

/** A member's orders are their paid requests they still reach by the access rule (the profile's Orders tab). */
const paidRequestsOf = (userId: string) => and(boughtAndReachable(userId), isNotNull(vehicleRequests.paidAt))

export function countOrdersByStatus(db: DbExecutor, userId: string) {
  return db
    .select({ status: vehicleRequests.status, count: count() })
    .from(vehicleRequests)
    .where(paidRequestsOf(userId))
    .groupBy(vehicleRequests.status)
}

/**
 * A request's price as the member's own screens show it: what its checkout line charged once paid (member price and
 * discount included), else the request's price until then. The same number the receipt and the mail show.
 */
const chargedCents = sql<number>`coalesce(${vehicleRequests.paidPriceCents}, ${vehicleRequests.priceCents})`.mapWith(Number)

export function findOrderPage(db: DbExecutor, userId: string, limit: number, offset: number) {
  return db
    .select({
      id: vehicleRequests.id,
      paidAt: vehicleRequests.paidAt,
      status: vehicleRequests.status,
      vin: vehicleRequests.vin,
      make: makes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      priceCents: chargedCents,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(paidRequestsOf(userId))
    .orderBy(desc(vehicleRequests.paidAt), desc(vehicleRequests.id))
    .limit(limit)
    .offset(offset)
}

/**
 * The dashboard's one query, built once per database and prepared (named) on each connection, so a load neither
 * rebuilds the SQL nor has PostgreSQL parse and plan it again. A paid request's confirmation number is that of its
 * first PAID order (as findFirstPaidOrders answers it), read in the same statement by transaction_requests_request_idx:
 * a second query, built by drizzle on every load, cost about a third of the read's CPU.
 */
const prepareList = (db: DbExecutor) =>
  db
    .select({
      id: vehicleRequests.id,
      makeName: makes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      vin: vehicleRequests.vin,
      status: vehicleRequests.status,
      priceCents: chargedCents,
      frontIdFileId: vehicleRequests.frontIdFileId,
      backIdFileId: vehicleRequests.backIdFileId,
      registrationFileId: vehicleRequests.registrationFileId,
      keycodeEncrypted: vehicleRequests.keycodeEncrypted,
      pincodeEncrypted: vehicleRequests.pincodeEncrypted,
      keyBlank: vehicleRequests.keyBlank,
      transponder: vehicleRequests.transponder,
      batchId: vehicleRequests.batchId,
      createdAt: vehicleRequests.createdAt,
      paidAt: vehicleRequests.paidAt,
      dueAt: vehicleRequests.dueAt,
      confirmationNumber: sql<
        string | null
      >`case when ${vehicleRequests.paidAt} is not null then ${firstPaidConfirmationNumberOf(vehicleRequests.id)} end`,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(boughtAndReachable(sql.placeholder('userId')))
    .orderBy(desc(vehicleRequests.createdAt))
    // Three tabs and, once an order is refunded, a fourth (docs/product.md, 'Member area, chat and support'): at most
    // this many rows can be shown.
    .limit(ORDER_TAB_LIMIT * 4)
    .prepare('user_requests_list')

/** The newest requests of one user (the dashboard's tabs), through the statement prepared for this database. */
export function findDashboardRequests(db: DbExecutor, userId: string) {
  return preparedStatement(db, 'user_requests_list', () => prepareList(db)).execute({ userId })
}

/**
 * The ids of a member's own requests whose VIN is the term or ends with it (at least 4 characters: the last digits of
 * a VIN are what a caller reads out), as a subquery the member's job search embeds; served by the VIN suffix index.
 */
export const ownRequestIdsByVin = (userId: string, term: string): SQL => {
  const vin = term.trim().toUpperCase()
  return sql`select ${vehicleRequests.id} from ${vehicleRequests}
    where ${vehicleRequests.userId} = ${userId} and reverse(${vehicleRequests.vin}) like ${startsWith([...vin].reverse().join(''))}`
}

/** What a member's job list shows of each of these requests of theirs: the vehicle, where the order stands and its key type. */
export function findOwnRequestsForJobs(db: DbExecutor, userId: string, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: vehicleRequests.id,
      year: vehicleRequests.year,
      make: makes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
      status: vehicleRequests.status,
      paid: sql<boolean>`${vehicleRequests.paidAt} is not null`,
      confirmationNumber: sql<string | null>`${firstPaidConfirmationNumberOf(vehicleRequests.id)}`,
      keyBlank: vehicleRequests.keyBlank,
      transponder: vehicleRequests.transponder,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(and(boughtAndReachable(userId), inArray(vehicleRequests.id, requestIds)))
}
