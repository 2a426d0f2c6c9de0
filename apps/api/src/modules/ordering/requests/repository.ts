import { ORDER_TAB_LIMIT } from '@keydesk/contracts/limits'
import type { ServicePlan } from '@keydesk/contracts/service-levels'
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { startsWith } from '../../../db/starts-with.ts'
import { orderReachableBy } from '../../accounts/index.ts'
import { makes } from '../catalogue/repository.ts'
import { firstPaidConfirmationNumberOf } from '../orders/repository.ts'

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

/** The least advanced status among the requests a subquery names, as a scalar subquery (an order's status is that). */
export const leastStatusOf = (requestIds: SQL) =>
  sql`(select min(${vehicleRequests.status}) from ${vehicleRequests} where ${vehicleRequests.id} in (${requestIds}))`

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

type RequestRow = typeof vehicleRequests.$inferSelect

/**
 * Every photo a request may hold, the plate and odometer of docs/decisions/041 too: one list, so each removal, sweep
 * and retention job reaches them all.
 */
export const REQUEST_PHOTO_COLUMNS = [
  'frontIdFileId',
  'backIdFileId',
  'registrationFileId',
  'licenseFrontFileId',
  'licenseBackFileId',
  'platePhotoFileId',
  'odometerPhotoFileId',
] as const

/** The ids of the request's photo files. */
const photoFileIds = (request: Pick<RequestRow, (typeof REQUEST_PHOTO_COLUMNS)[number]>) =>
  REQUEST_PHOTO_COLUMNS.map((column) => request[column]).filter((id): id is string => Boolean(id))

/** The photo columns set to null, with the vehicle owner's name that came with them: what a paid order keeps without them. */
const withoutPhotos = () => ({ ...Object.fromEntries(REQUEST_PHOTO_COLUMNS.map((column) => [column, null])), ownerName: null })
export const photoIdArray = () =>
  sql<(string | null)[]>`array[${sql.join(
    REQUEST_PHOTO_COLUMNS.map((column) => sql`${vehicleRequests[column]}`),
    sql`, `,
  )}]`

export async function insertVehicleRequest(db: DbExecutor, values: typeof vehicleRequests.$inferInsert): Promise<string> {
  const [request] = await db.insert(vehicleRequests).values(values).returning({ id: vehicleRequests.id })
  if (!request) throw new Error('vehicle request insert returned nothing')
  return request.id
}

/**
 * The one rule of who may see or act on an order (the accounts context's orderReachableBy, docs/decisions/039) on
 * this table's columns: a buyer reaches an order of their own, and an order placed for an Enterprise business while
 * still on its team; the business's owner and the managers of its location reach it too.
 */
export const reachableBy = (userId: string | Placeholder | SQL): SQL =>
  orderReachableBy(userId, { buyer: vehicleRequests.userId, business: vehicleRequests.businessId, location: vehicleRequests.locationId })

/**
 * Which of these accounts reach this order by the access rule: the audience of its status events (the buyer, the
 * business's owner, the managers of its location, never anyone the rule does not name). One read, each account
 * weighed by the rule's own text against the order's row.
 */
export async function findAccountsReaching(db: DbExecutor, requestId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const listeners = sql.join(
    userIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  )
  const rows = (await db.execute(sql`
    select listener.id from (values ${listeners}) as listener(id)
    where exists (select 1 from ${vehicleRequests} where ${vehicleRequests.id} = ${requestId} and ${reachableBy(sql`listener.id`)})
  `)) as unknown as { rows: { id: string }[] }
  return rows.rows.map((row) => row.id)
}

/** A buyer's own order, under the access rule: a person who left the team no longer reaches the business's orders. */
const boughtAndReachable = (userId: string | Placeholder) => and(eq(vehicleRequests.userId, userId), reachableBy(userId))

/** Whether the member is this order's buyer and still reaches it by the access rule (docs/decisions/039). */
export async function isBoughtAndReachable(db: DbExecutor, userId: string, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.id, requestId), boughtAndReachable(userId)))
    .limit(1)
  return row !== undefined
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
const preparedLists = new WeakMap<DbExecutor, ReturnType<typeof prepareList>>()

/** The newest requests of one user (the dashboard's tabs), through the statement prepared for this database. */
export function findDashboardRequests(db: DbExecutor, userId: string) {
  let prepared = preparedLists.get(db)
  if (!prepared) {
    prepared = prepareList(db)
    preparedLists.set(db, prepared)
  }
  return prepared.execute({ userId })
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
