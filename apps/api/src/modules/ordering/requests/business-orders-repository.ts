import type { RequestStatus } from '@keydesk/contracts/request-status'
import { and, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { limitInText } from '../../../db/limit-in-text.ts'
import { preparedStatement } from '../../../db/prepared-statements.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { accountNames, locationNameOf } from '../../accounts/index.ts'
import { makes } from '../catalogue/repository.ts'
import { firstPaidConfirmationNumberOf } from '../orders/repository.ts'
import { photoIdArray } from './photo-columns.ts'
import { reachableBy } from './reach-repository.ts'

export interface BusinessOrderFilter {
  locationId?: string | undefined
  personId?: string | undefined
  status?: RequestStatus | undefined
  /** Paid within [from, to). */
  paid?: { from: Date; to: Date } | undefined
}

/** Where a page of the business's list starts: after the order with this creation time and id. */
export interface BusinessOrderCursor {
  createdAt: Date
  id: string
}

/** Which filters a page's statement carries: each combination is its own statement, planned for its own index. */
export type FilterShape = { location: boolean; person: boolean; status: boolean; paid: boolean; after: boolean }

const param = (name: string) => sql.placeholder(name)

/** The page's statement for these filters and page size, its values as named placeholders (exported for the plan's test). */
export function businessOrderPageQuery(db: DbExecutor, shape: FilterShape, limit: number) {
  const buyer = accountNames('buyer')
  return db
    .select({
      id: vehicleRequests.id,
      make: makes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      vin: vehicleRequests.vin,
      status: vehicleRequests.status,
      servicePlan: vehicleRequests.servicePlan,
      paidAt: vehicleRequests.paidAt,
      dueAt: vehicleRequests.dueAt,
      paidPriceCents: vehicleRequests.paidPriceCents,
      priceCents: vehicleRequests.priceCents,
      buyerId: vehicleRequests.userId,
      buyerName: buyer.fullName,
      locationId: vehicleRequests.locationId,
      locationName: locationNameOf(vehicleRequests.locationId),
      keycodeEncrypted: vehicleRequests.keycodeEncrypted,
      pincodeEncrypted: vehicleRequests.pincodeEncrypted,
      keyBlank: vehicleRequests.keyBlank,
      transponder: vehicleRequests.transponder,
      createdAt: vehicleRequests.createdAt,
      confirmationNumber: sql<string | null>`${firstPaidConfirmationNumberOf(vehicleRequests.id)}`,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .leftJoin(buyer, eq(buyer.id, vehicleRequests.userId))
    .where(
      and(
        eq(vehicleRequests.businessId, param('businessId')),
        isNotNull(vehicleRequests.paidAt),
        reachableBy(param('viewerId')),
        shape.location ? eq(vehicleRequests.locationId, param('locationId')) : undefined,
        shape.person ? eq(vehicleRequests.userId, param('personId')) : undefined,
        shape.status ? eq(vehicleRequests.status, param('status')) : undefined,
        shape.paid ? and(gte(vehicleRequests.paidAt, param('paidFrom')), lt(vehicleRequests.paidAt, param('paidTo'))) : undefined,
        // One row comparison, which the index walks from the cursor on and the planner can cost without its values.
        shape.after
          ? sql`(${vehicleRequests.createdAt}, ${vehicleRequests.id}) < (${param('afterCreatedAt')}, ${param('afterId')})`
          : undefined,
      ),
    )
    .orderBy(desc(vehicleRequests.createdAt), desc(vehicleRequests.id))
    .limit(limitInText(limit))
}

/**
 * A page of an Enterprise business's paid orders that `viewerId` reaches by the access rule, newest first, through
 * vehicle_requests_business_idx (business, creation time, id); the filters narrow the rows that index walks. The
 * confirmation number, the buyer's name and the location's come in the same statement, prepared once per process
 * for each combination of filters and page size (the owner's list is read on every visit of the Team page).
 */
export function pageBusinessOrders(
  db: DbExecutor,
  viewerId: string,
  businessId: string,
  filter: BusinessOrderFilter,
  after: BusinessOrderCursor | null,
  limit: number,
) {
  const shape: FilterShape = {
    location: filter.locationId !== undefined,
    person: filter.personId !== undefined,
    status: filter.status !== undefined,
    paid: filter.paid !== undefined,
    after: after !== null,
  }
  const name = `team_orders_${Object.values(shape)
    .map((on) => (on ? 1 : 0))
    .join('')}_${limit}`
  const prepared = preparedStatement(db, name, (statement) => businessOrderPageQuery(db, shape, limit).prepare(statement))
  return prepared.execute({
    businessId,
    viewerId,
    locationId: filter.locationId,
    personId: filter.personId,
    status: filter.status,
    paidFrom: filter.paid?.from,
    paidTo: filter.paid?.to,
    afterCreatedAt: after?.createdAt,
    afterId: after?.id,
  })
}

/**
 * What the business spent in [from, to) per location, as `viewerId` reaches it: the orders paid then and how much
 * their lines charged, an order refunded since counted at nothing (keycode refunds are whole lines).
 */
export function spendByLocation(db: DbExecutor, viewerId: string, businessId: string, from: Date, to: Date) {
  return db
    .select({
      locationId: vehicleRequests.locationId,
      orders: sql<number>`count(*)::int`,
      spentCents: sql<number>`coalesce(sum(${vehicleRequests.paidPriceCents}), 0)::int`,
    })
    .from(vehicleRequests)
    .where(
      and(
        eq(vehicleRequests.businessId, businessId),
        gte(vehicleRequests.paidAt, from),
        lt(vehicleRequests.paidAt, to),
        ne(vehicleRequests.status, 'REFUNDED'),
        reachableBy(viewerId),
      ),
    )
    .groupBy(vehicleRequests.locationId)
}

/** The business and location each of these requests was placed for (null for an order of one's own), in one read. */
export async function findOrderPlaces(db: DbExecutor, requestIds: string[]) {
  if (requestIds.length === 0) return []
  return db
    .select({ id: vehicleRequests.id, businessId: vehicleRequests.businessId, locationId: vehicleRequests.locationId })
    .from(vehicleRequests)
    .where(and(inArray(vehicleRequests.id, requestIds), isNotNull(vehicleRequests.businessId)))
}

/**
 * Whether this upload of `ownerId` is a photo sent with one of their orders, and whether `viewerId` reaches such an
 * order by the access rule (docs/decisions/039); read through the owner's requests (vehicle_requests_user_status_idx).
 */
export async function findOrderPhotoReach(db: DbExecutor, viewerId: string, ownerId: string, fileId: string) {
  const [row] = await db
    .select({
      onOrder: sql<boolean>`count(*) > 0`,
      reachable: sql<boolean>`coalesce(bool_or(${reachableBy(viewerId)}), false)`,
    })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.userId, ownerId), sql`${fileId}::uuid = any(${photoIdArray()})`))
  return { onOrder: row?.onOrder ?? false, reachable: row?.reachable ?? false }
}
