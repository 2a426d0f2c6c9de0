import { and, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { files } from '../../db/schema/files.ts'
import { guests, vehicleRequests } from '../../db/schema/ordering.ts'
import { schedulePeriodicJob } from '../../lib/job-lock.ts'
import type { Uses } from '../../ports.ts'

/**
 * Removes guests whose 24 hours have passed, with their unpaid requests, carts and photos. Paid guest orders
 * stay (their request rows keep paid_at and lose only the guest link); their photos are kept for the admins.
 */
export async function sweepExpiredGuests(ports: Uses<'database' | 'storage' | 'clock'>): Promise<number> {
  const db = ports.database.db
  const now = ports.clock.now()
  const keys = await db.transaction(async (tx) => {
    const expired = await tx.select({ id: guests.id }).from(guests).where(lte(guests.expiresAt, now)).limit(500)
    if (expired.length === 0) return { keys: [] as string[], count: 0 }
    const guestIds = expired.map((guest) => guest.id)
    const paidFileIds = await tx
      .select({
        ids: sql<
          (string | null)[]
        >`array[${vehicleRequests.frontIdFileId}, ${vehicleRequests.backIdFileId}, ${vehicleRequests.registrationFileId}, ${vehicleRequests.licenseFrontFileId}, ${vehicleRequests.licenseBackFileId}]`,
      })
      .from(vehicleRequests)
      .where(and(inArray(vehicleRequests.guestId, guestIds), isNotNull(vehicleRequests.paidAt)))
    const keep = new Set(paidFileIds.flatMap((row) => row.ids).filter((id): id is string => Boolean(id)))
    await tx.delete(vehicleRequests).where(and(inArray(vehicleRequests.guestId, guestIds), sql`${vehicleRequests.paidAt} is null`))
    const guestFiles = await tx.select({ id: files.id, key: files.storageKey }).from(files).where(inArray(files.guestId, guestIds))
    const removable = guestFiles.filter((file) => !keep.has(file.id))
    if (removable.length > 0)
      await tx.delete(files).where(
        inArray(
          files.id,
          removable.map((file) => file.id),
        ),
      )
    await tx.delete(guests).where(inArray(guests.id, guestIds))
    return { keys: removable.map((file) => file.key), count: guestIds.length }
  })
  await Promise.all(keys.keys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return keys.count
}

const SWEEP_EVERY_MS = 15 * 60 * 1000

/**
 * Sweeps soon after start-up, then every 15 minutes, on the one process that holds the job's lock. Takes the app
 * itself, not ports: the job's timer and lock follow the app's start and close hooks (lib/job-lock.ts).
 */
export function startGuestSweep(app: FastifyInstance) {
  schedulePeriodicJob(app, {
    name: 'guest-sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      const removed = await sweepExpiredGuests(app)
      if (removed > 0) app.log.info({ removed }, 'guest sweep: %d expired guests removed', removed)
    },
  })
}
