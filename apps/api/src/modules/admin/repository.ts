import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { users } from '../../db/schema/users.ts'

const fileLink = (id: string | null) => (id ? `/api/files/${id}` : null)

/** Paid requests of one status, oldest first (the queue order), one page; served by vehicle_requests_paid_status_idx. */
export async function listPaidRequests(db: DbExecutor, status: 'PENDING' | 'INPROGRESS', limit: number, offset: number) {
  const rows = await db
    .select({
      request: vehicleRequests,
      make: vehicleMakes.name,
      email: users.email,
      isValidatedUser: users.isValidatedUser,
    })
    .from(vehicleRequests)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .leftJoin(users, eq(users.id, vehicleRequests.userId))
    .where(and(eq(vehicleRequests.status, status), isNotNull(vehicleRequests.paidAt)))
    .orderBy(asc(vehicleRequests.createdAt))
    .limit(limit)
    .offset(offset)
  return rows.map(({ request, make, email, isValidatedUser }) => ({
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
  }))
}
