import type { AdminQueueQuery } from '@keydesk/contracts/admin'
import { and, asc, eq, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { limitInText } from '../../../db/limit-in-text.ts'
import { preparedStatement } from '../../../db/prepared-statements.ts'
import { requestBatches, vehicleRequests } from '../../../db/schema/ordering.ts'
import { accountNames, documentSummariesOf } from '../../accounts/index.ts'
import { makes } from '../catalogue/repository.ts'
import { disputeHoldOf } from '../disputes/repository.ts'
import { transactionIdsOfRequest } from '../orders/provider-payment-repository.ts'
import { firstPaidOrderContactOf } from '../orders/repository.ts'
import { batchIdOfCode, batchPlaceColumns } from './batch-repository.ts'
import { requestMatches, requestSearchOf, searchAsPlaceholders } from './search-repository.ts'

const buyers = accountNames('buyers')
const starters = accountNames('starters')

/** A dispute of the request's checkout, or of its buyer, that holds its release (docs/decisions/028). */
const disputeHold = () => disputeHoldOf(transactionIdsOfRequest(vehicleRequests.id), vehicleRequests.userId)

/**
 * One page of a back-office queue (paid requests of one status), earliest deadline first, optionally narrowed by a
 * search (docs/decisions/016) or a batch; vehicle_requests_queue_idx serves the order. The make, the buyer with their
 * documents, the admin who started it, its batch place, any dispute hold and its first paid order's checkout contact
 * are read in the same statement, and only the request columns the queue shows (not its sealed keycode and PIN).
 */
function queuePage(
  db: DbExecutor,
  status: 'PENDING' | 'INPROGRESS',
  filters: SQL[],
  page: { limit: number | Placeholder; offset?: number | Placeholder },
) {
  const checkout = firstPaidOrderContactOf(vehicleRequests.id)
  return db
    .select({
      request: {
        id: vehicleRequests.id,
        model: vehicleRequests.model,
        year: vehicleRequests.year,
        vin: vehicleRequests.vin,
        status: vehicleRequests.status,
        priceCents: vehicleRequests.priceCents,
        paidPriceCents: vehicleRequests.paidPriceCents,
        userId: vehicleRequests.userId,
        frontIdFileId: vehicleRequests.frontIdFileId,
        backIdFileId: vehicleRequests.backIdFileId,
        registrationFileId: vehicleRequests.registrationFileId,
        licenseFrontFileId: vehicleRequests.licenseFrontFileId,
        licenseBackFileId: vehicleRequests.licenseBackFileId,
        ownershipDocument: vehicleRequests.ownershipDocument,
        ownerName: vehicleRequests.ownerName,
        platePhotoFileId: vehicleRequests.platePhotoFileId,
        odometerPhotoFileId: vehicleRequests.odometerPhotoFileId,
        servicePlan: vehicleRequests.servicePlan,
        paidAt: vehicleRequests.paidAt,
        dueAt: vehicleRequests.dueAt,
        startedAt: vehicleRequests.startedAt,
        // The business and location the order was placed for, named beside the person (docs/decisions/039).
        businessId: vehicleRequests.businessId,
        locationId: vehicleRequests.locationId,
        createdAt: vehicleRequests.createdAt,
      },
      make: makes.name,
      buyerEmail: buyers.email,
      buyerName: buyers.fullName,
      buyerValidated: buyers.isValidatedUser,
      buyerActive: buyers.isActive,
      starterName: starters.fullName,
      documents: documentSummariesOf(vehicleRequests.userId),
      disputeHold: disputeHold(),
      ...batchPlaceColumns(),
      checkoutEmail: checkout.customerEmail,
      checkoutName: checkout.customerName,
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .leftJoin(requestBatches, eq(requestBatches.id, vehicleRequests.batchId))
    .leftJoin(buyers, eq(buyers.id, vehicleRequests.userId))
    .leftJoin(starters, eq(starters.id, vehicleRequests.startedBy))
    .leftJoinLateral(checkout, sql`true`)
    .where(and(eq(vehicleRequests.status, status), isNotNull(vehicleRequests.paidAt), ...filters))
    .orderBy(asc(vehicleRequests.dueAt), asc(vehicleRequests.id))
    .limit(page.limit)
    .offset(page.offset ?? 0)
}

/**
 * The pages of each queue (what the back office opens on and reloads, and its searches) are prepared (named) on each
 * connection, as the dashboard's read is: built by drizzle on every call, the page cost more of the call's CPU than
 * anything else. A search is one statement per shape (with or without a phone's digits, with or without a batch code),
 * its patterns bound as values. The page size is written into the statement, and the first page has no offset, so
 * that PostgreSQL keeps one plan for the page every admin reloads (db/limit-in-text.ts); a later page binds its offset.
 * A batch filter, rarer, is built per call.
 */
function preparedPage(
  db: DbExecutor,
  status: 'PENDING' | 'INPROGRESS',
  search: ReturnType<typeof searchAsPlaceholders> | null,
  page: { limit: number; isFirst: boolean },
) {
  const name = [
    `admin_queue_${status === 'PENDING' ? 'pending' : 'in_progress'}`,
    ...(search ? [`search${search.shape}`] : []),
    String(page.limit),
    ...(page.isFirst ? [] : ['later']),
  ].join('_')
  return preparedStatement(db, name, (statement) => {
    const bounds = { limit: limitInText(page.limit), ...(page.isFirst ? {} : { offset: sql.placeholder('offset') }) }
    return queuePage(db, status, search ? [requestMatches(search.placeholders)] : [], bounds).prepare(statement)
  })
}

export function listPaidRequests(db: DbExecutor, status: 'PENDING' | 'INPROGRESS', query: AdminQueueQuery) {
  if (query.batch) {
    const filters = [
      ...(query.search ? [requestMatches(requestSearchOf(query.search))] : []),
      eq(vehicleRequests.batchId, batchIdOfCode(query.batch)),
    ]
    return queuePage(db, status, filters, query)
  }
  const search = query.search ? searchAsPlaceholders(requestSearchOf(query.search)) : null
  const page = { limit: query.limit, isFirst: query.offset === 0 }
  return preparedPage(db, status, search, page).execute({ offset: query.offset, ...search?.values })
}

/** Each queue's size and how many of it are past their deadline, four index ranges in one round trip. */
export async function countQueues(db: DbExecutor, now: Date) {
  const count = (status: 'PENDING' | 'INPROGRESS', overdue: boolean) =>
    sql<number>`(select count(*)::int from ${vehicleRequests} where ${vehicleRequests.status} = ${status}
      and ${vehicleRequests.paidAt} is not null${overdue ? sql` and ${vehicleRequests.dueAt} < ${now}` : sql``})`
  const [row] = await db
    .select({
      pending: count('PENDING', false),
      inProgress: count('INPROGRESS', false),
      overduePending: count('PENDING', true),
      overdueInProgress: count('INPROGRESS', true),
    })
    .from(sql`(select 1) as one`)
  if (!row) throw new Error('count query returned no row')
  return row
}

/** What the release gate and the keycode mail need of the request itself: its vehicle, owner, documents and any dispute hold. */
export async function findReleaseRequest(db: DbExecutor, requestId: string) {
  const [row] = await db
    .select({
      id: vehicleRequests.id,
      status: vehicleRequests.status,
      refundHeldAt: vehicleRequests.refundHeldAt,
      userId: vehicleRequests.userId,
      businessId: vehicleRequests.businessId,
      make: makes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      vin: vehicleRequests.vin,
      hasLicencePhotos: sql<boolean>`(${vehicleRequests.licenseFrontFileId} is not null or ${vehicleRequests.frontIdFileId} is not null)`,
      documents: documentSummariesOf(vehicleRequests.userId),
      disputeHold: disputeHold(),
      // The proof of ownership sent with the request (docs/decisions/041), which the release record lists.
      proof: {
        ownershipDocument: vehicleRequests.ownershipDocument,
        hasOwnershipPhoto: sql<boolean>`(${vehicleRequests.registrationFileId} is not null)`,
        hasOwnerId: sql<boolean>`(${vehicleRequests.frontIdFileId} is not null or ${vehicleRequests.backIdFileId} is not null)`,
        hasPlatePhoto: sql<boolean>`(${vehicleRequests.platePhotoFileId} is not null)`,
        hasOdometerPhoto: sql<boolean>`(${vehicleRequests.odometerPhotoFileId} is not null)`,
        ownerName: vehicleRequests.ownerName,
      },
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(eq(vehicleRequests.id, requestId))
    .limit(1)
  return row ?? null
}
