import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { complianceDocuments } from '../../db/schema/compliance.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { transactionRequests, transactions } from '../../db/schema/payments.ts'
import { keycodeReleases } from '../../db/schema/releases.ts'
import { users } from '../../db/schema/users.ts'

const fileLink = (id: string | null) => (id ? `/api/files/${id}` : null)

/** The requester's compliance documents, oldest first, read in the same query (compliance_documents_user_idx). */
const memberDocuments = sql<{ docType: string; verified: boolean | null }[]>`coalesce((
  select json_agg(json_build_object('docType', ${complianceDocuments.docType}, 'verified', ${complianceDocuments.verified}) order by ${complianceDocuments.uploadedAt})
  from ${complianceDocuments} where ${complianceDocuments.userId} = ${vehicleRequests.userId}
), '[]'::json)`.as('documents')

/** Paid requests of one status, oldest first (the queue order), one page; served by vehicle_requests_paid_status_idx. */
export async function listPaidRequests(db: DbExecutor, status: 'PENDING' | 'INPROGRESS', limit: number, offset: number) {
  const rows = await db
    .select({
      request: vehicleRequests,
      make: vehicleMakes.name,
      email: users.email,
      isValidatedUser: users.isValidatedUser,
      documents: memberDocuments,
    })
    .from(vehicleRequests)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .leftJoin(users, eq(users.id, vehicleRequests.userId))
    .where(and(eq(vehicleRequests.status, status), isNotNull(vehicleRequests.paidAt)))
    .orderBy(asc(vehicleRequests.createdAt))
    .limit(limit)
    .offset(offset)
  return rows.map(({ request, make, email, isValidatedUser, documents }) => ({
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
    paidAt: (request.paidAt ?? request.createdAt).toISOString(),
    paidPrice: request.paidPriceCents === null ? null : request.paidPriceCents / 100,
    isGuest: request.userId === null,
    documents,
  }))
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
