import type { AdminQueueQuery } from '@keydesk/contracts/admin'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { requestBatches, vehicleRequests } from '../../../db/schema/ordering.ts'
import { accountNames, documentSummariesOf } from '../../accounts/index.ts'
import { makes } from '../catalogue/repository.ts'
import { disputeHoldOf } from '../disputes/repository.ts'
import { transactionIdsOfRequest } from '../orders/provider-payment-repository.ts'
import { batchIdOfCode, batchPlaceColumns } from './batch-repository.ts'
import { requestMatches } from './search-repository.ts'

const buyers = accountNames('buyers')
const starters = accountNames('starters')

/** A dispute of the request's checkout, or of its buyer, that holds its release (docs/decisions/028). */
const disputeHold = () => disputeHoldOf(transactionIdsOfRequest(vehicleRequests.id), vehicleRequests.userId)

/**
 * One page of a back-office queue (paid requests of one status), earliest deadline first, optionally searched
 * (docs/decisions/016); vehicle_requests_queue_idx serves the order. The make, the buyer with their documents and
 * the admin who started it are joined by key in the same query.
 */
export function listPaidRequests(db: DbExecutor, status: 'PENDING' | 'INPROGRESS', query: AdminQueueQuery) {
  const conditions = [eq(vehicleRequests.status, status), isNotNull(vehicleRequests.paidAt)]
  if (query.search) conditions.push(requestMatches(query.search))
  if (query.batch) conditions.push(eq(vehicleRequests.batchId, batchIdOfCode(query.batch)))
  return db
    .select({
      request: vehicleRequests,
      make: makes.name,
      buyerEmail: buyers.email,
      buyerName: buyers.fullName,
      buyerValidated: buyers.isValidatedUser,
      buyerActive: buyers.isActive,
      starterName: starters.fullName,
      documents: documentSummariesOf(vehicleRequests.userId),
      disputeHold: disputeHold(),
      ...batchPlaceColumns(),
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .leftJoin(requestBatches, eq(requestBatches.id, vehicleRequests.batchId))
    .leftJoin(buyers, eq(buyers.id, vehicleRequests.userId))
    .leftJoin(starters, eq(starters.id, vehicleRequests.startedBy))
    .where(and(...conditions))
    .orderBy(asc(vehicleRequests.dueAt), asc(vehicleRequests.id))
    .limit(query.limit)
    .offset(query.offset)
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
    })
    .from(vehicleRequests)
    .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
    .where(eq(vehicleRequests.id, requestId))
    .limit(1)
  return row ?? null
}
