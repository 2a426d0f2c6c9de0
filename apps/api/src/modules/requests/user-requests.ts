import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { desc, eq, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { decryptSecret } from '../../lib/secret-box.ts'

/** docs/product.md §7 order tabs are bounded: the newest orders of each status. */
const PER_STATUS_LIMIT = 100

const fileLink = (id: string | null) => (id ? `/api/files/${id}` : null)

/** Bounds the plaintext kept per key: a few hundred members' worth of fulfilled orders. */
const OPENED_LIMIT = 10_000
const openedByKey = new WeakMap<Buffer, Map<string, string>>()

/**
 * A sealed keycode or PIN, decrypted once per process and key: the dashboard reads the same values on every load
 * and opening an AES-GCM box costs about 5 µs (a new decipher each time). A sealed value never changes (a new value
 * is sealed with a new random IV), so a cached plaintext cannot go stale. The process holds the key that opens every
 * box anyway; the cache keeps at most OPENED_LIMIT plaintexts, oldest out first.
 */
function openSealed(box: string, key: Buffer): string {
  let opened = openedByKey.get(key)
  if (!opened) {
    opened = new Map()
    openedByKey.set(key, opened)
  }
  const known = opened.get(box)
  if (known !== undefined) return known
  const plain = decryptSecret(box, key)
  if (opened.size >= OPENED_LIMIT) opened.delete(opened.keys().next().value as string)
  opened.set(box, plain)
  return plain
}

/**
 * The dashboard's one query, built once per database and prepared (named) on each connection, so a load neither
 * rebuilds the SQL nor has PostgreSQL parse and plan it again.
 */
const prepareList = (db: DbExecutor) =>
  db
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
    .where(eq(vehicleRequests.userId, sql.placeholder('userId')))
    .orderBy(desc(vehicleRequests.createdAt))
    .limit(PER_STATUS_LIMIT * 3)
    .prepare('user_requests_list')
const preparedLists = new WeakMap<DbExecutor, ReturnType<typeof prepareList>>()

function preparedList(db: DbExecutor) {
  let prepared = preparedLists.get(db)
  if (!prepared) {
    prepared = prepareList(db)
    preparedLists.set(db, prepared)
  }
  return prepared
}

/**
 * GET /vehicle/user-requests: the signed-in user's requests by status (a PENDING one may still be unpaid, in the cart).
 * The keycode and PIN are decrypted for their owner only (they are encrypted at rest).
 */
export async function listUserRequests(db: DbExecutor, userId: string, secretKey: Buffer) {
  const rows = await preparedList(db).execute({ userId })
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
    keycode: row.keycodeEncrypted ? openSealed(row.keycodeEncrypted, secretKey) : null,
    pincode: row.pincodeEncrypted ? openSealed(row.pincodeEncrypted, secretKey) : null,
    createdAt: row.createdAt.toISOString(),
  }))
  const byStatus = (status: string) => views.filter((view) => view.status === status).slice(0, PER_STATUS_LIMIT)
  return { pendingRequests: byStatus('PENDING'), inProgressRequests: byStatus('INPROGRESS'), fulfilledRequests: byStatus('FULFILLED') }
}
