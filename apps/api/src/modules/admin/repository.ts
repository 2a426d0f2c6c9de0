import type { AdminQueueQuery } from '@keydesk/contracts/admin'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../db/database.ts'
import { complianceDocuments } from '../../db/schema/compliance.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { transactionRequests, transactions } from '../../db/schema/payments.ts'
import { keycodeReleases } from '../../db/schema/releases.ts'
import { users } from '../../db/schema/users.ts'
import { requestMatches } from './search-repository.ts'

const fileLink = (id: string | null) => (id ? `/api/files/${id}` : null)

/** The requester's compliance documents, oldest first, read in the same query (compliance_documents_user_idx). */
const memberDocuments = sql<{ docType: string; verified: boolean | null }[]>`coalesce((
  select json_agg(json_build_object('docType', ${complianceDocuments.docType}, 'verified', ${complianceDocuments.verified}) order by ${complianceDocuments.uploadedAt})
  from ${complianceDocuments} where ${complianceDocuments.userId} = ${vehicleRequests.userId}
), '[]'::json)`.as('documents')

const starters = alias(users, 'starters')

/**
 * One page of a queue (paid requests of one status), earliest deadline first, optionally searched
 * (docs/decisions/016); vehicle_requests_queue_idx serves the order, the buyer and the starter are joined by key.
 */
export async function listPaidRequests(db: DbExecutor, status: 'PENDING' | 'INPROGRESS', query: AdminQueueQuery) {
  const conditions = [eq(vehicleRequests.status, status), isNotNull(vehicleRequests.paidAt)]
  if (query.search) conditions.push(requestMatches(query.search))
  const rows = await db
    .select({
      request: vehicleRequests,
      make: vehicleMakes.name,
      email: users.email,
      buyerName: sql<string | null>`${users.fname} || ' ' || ${users.lname}`,
      isValidatedUser: users.isValidatedUser,
      starterName: sql<string | null>`${starters.fname} || ' ' || ${starters.lname}`,
      documents: memberDocuments,
    })
    .from(vehicleRequests)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .leftJoin(users, eq(users.id, vehicleRequests.userId))
    .leftJoin(starters, eq(starters.id, vehicleRequests.startedBy))
    .where(and(...conditions))
    .orderBy(asc(vehicleRequests.dueAt), asc(vehicleRequests.id))
    .limit(query.limit)
    .offset(query.offset)
  return rows.map(({ request, make, email, buyerName, isValidatedUser, starterName, documents }) => {
    const paidAt = request.paidAt ?? request.createdAt
    return {
      id: request.id,
      make,
      model: request.model,
      year: request.year,
      vin: request.vin,
      status: request.status,
      price: request.priceCents / 100,
      keycodePrice: request.priceCents / 100,
      keycodeUserEmail: email,
      isValidatedUser: isValidatedUser ?? false,
      frontId: fileLink(request.frontIdFileId),
      backId: fileLink(request.backIdFileId),
      registration: fileLink(request.registrationFileId),
      licenseFront: fileLink(request.licenseFrontFileId),
      licenseBack: fileLink(request.licenseBackFileId),
      paidAt: paidAt.toISOString(),
      paidPrice: request.paidPriceCents === null ? null : request.paidPriceCents / 100,
      isGuest: request.userId === null,
      documents,
      servicePlan: request.servicePlan ?? 'NONE',
      dueAt: (request.dueAt ?? paidAt).toISOString(),
      buyerName,
      startedBy: request.startedAt ? { name: starterName ?? 'A removed admin', at: request.startedAt.toISOString() } : null,
    }
  })
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

/** Everything the release gate and the keycode mail need about one request, in one query. */
export async function findReleaseTarget(db: DbExecutor, requestId: string) {
  const [row] = await db
    .select({
      id: vehicleRequests.id,
      status: vehicleRequests.status,
      userId: vehicleRequests.userId,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      vin: vehicleRequests.vin,
      hasLicencePhotos: sql<boolean>`(${vehicleRequests.licenseFrontFileId} is not null or ${vehicleRequests.frontIdFileId} is not null)`,
      ownerEmail: users.email,
      ownerFirstName: users.fname,
      accountValidated: users.isValidatedUser,
      keycodesByEmail: users.keycodesByEmail,
      documents: memberDocuments,
      transactionId: transactions.id,
      confirmationNumber: transactions.confirmationNumber,
      checkoutEmail: transactions.customerEmail,
    })
    .from(vehicleRequests)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .leftJoin(users, eq(users.id, vehicleRequests.userId))
    .leftJoin(
      transactions,
      and(
        eq(transactions.status, 'PAID'),
        sql`${transactions.id} = (select ${transactionRequests.transactionId} from ${transactionRequests}
          join ${transactions} paid on paid.id = ${transactionRequests.transactionId} and paid.status = 'PAID'
          where ${transactionRequests.vehicleRequestId} = ${vehicleRequests.id} order by paid.paid_at limit 1)`,
      ),
    )
    .where(eq(vehicleRequests.id, requestId))
    .limit(1)
  return row ?? null
}

export async function insertKeycodeRelease(db: DbExecutor, release: typeof keycodeReleases.$inferInsert) {
  await db.insert(keycodeReleases).values(release)
}
