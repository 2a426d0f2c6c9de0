import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { desc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { decryptSecret } from '../../lib/secret-box.ts'

/** Spec 2.6 order tabs are bounded: the newest orders of each status. */
const PER_STATUS_LIMIT = 100

const fileLink = (id: string | null) => (id ? `/api/files/${id}` : null)

/**
 * GET /vehicle/user-requests: the signed-in user's requests by status (a PENDING one may still be unpaid, in the cart).
 * The keycode and PIN are decrypted for their owner only (they are encrypted at rest).
 */
export async function listUserRequests(db: DbExecutor, userId: string, secretKey: Buffer) {
  const rows = await db
    .select({
      id: vehicleRequests.id,
      makeName: vehicleMakes.name,
      model: vehicleRequests.model,
      year: vehicleRequests.year,
      vin: vehicleRequests.vin,
      status: vehicleRequests.status,
      priceCents: vehicleRequests.priceCents,
      frontIdFileId: vehicleRequests.frontIdFileId,
      backIdFileId: vehicleRequests.backIdFileId,
      registrationFileId: vehicleRequests.registrationFileId,
      keycodeEncrypted: vehicleRequests.keycodeEncrypted,
      pincodeEncrypted: vehicleRequests.pincodeEncrypted,
      createdAt: vehicleRequests.createdAt,
    })
    .from(vehicleRequests)
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .where(eq(vehicleRequests.userId, userId))
    .orderBy(desc(vehicleRequests.createdAt))
    .limit(PER_STATUS_LIMIT * 3)
  const views: (VehicleRequestView & { status: string })[] = rows.map((row) => ({
    id: row.id,
    make: { manufacturerName: row.makeName },
    model: row.model,
    year: row.year,
    vin: row.vin,
    status: row.status,
    price: row.priceCents / 100,
    keycodePrice: row.priceCents / 100,
    frontId: fileLink(row.frontIdFileId),
    backId: fileLink(row.backIdFileId),
    registration: fileLink(row.registrationFileId),
    keycode: row.keycodeEncrypted ? decryptSecret(row.keycodeEncrypted, secretKey) : null,
    pincode: row.pincodeEncrypted ? decryptSecret(row.pincodeEncrypted, secretKey) : null,
    createdAt: row.createdAt.toISOString(),
  }))
  const byStatus = (status: string) => views.filter((view) => view.status === status).slice(0, PER_STATUS_LIMIT)
  return { pendingRequests: byStatus('PENDING'), inProgressRequests: byStatus('INPROGRESS'), fulfilledRequests: byStatus('FULFILLED') }
}
