import type { PeriodicJob } from '../../../lib/periodic-jobs.ts'
import type { Uses } from '../../../ports.ts'
import { deleteFileRows, listFilesOfGuests } from '../../platform/index.ts'
import { deleteGuests, listExpiredGuestIds } from '../guests/repository.ts'
import { deleteUnpaidRequestsOfGuests, listPaidPhotoFileIdsOfGuests } from './removal-repository.ts'

const BATCH_SIZE = 500

/**
 * Removes guests whose 24 hours have passed, with their unpaid requests, carts and photos. Paid guest orders
 * stay (their request rows keep paid_at and lose only the guest link); their photos are kept for the admins. It lives
 * with the requests it deletes, so the guests module, which requests build on, depends on nothing in ordering.
 */
export async function sweepExpiredGuests(ports: Uses<'database' | 'storage' | 'clock'>): Promise<number> {
  const db = ports.database.db
  const now = ports.clock.now()
  const keys = await db.transaction(async (tx) => {
    const guestIds = await listExpiredGuestIds(tx, now, BATCH_SIZE)
    if (guestIds.length === 0) return { keys: [] as string[], count: 0 }
    const keep = new Set(await listPaidPhotoFileIdsOfGuests(tx, guestIds))
    await deleteUnpaidRequestsOfGuests(tx, guestIds)
    const guestFiles = await listFilesOfGuests(tx, guestIds)
    const removable = guestFiles.filter((file) => !keep.has(file.id))
    await deleteFileRows(
      tx,
      removable.map((file) => file.id),
    )
    await deleteGuests(tx, guestIds)
    return { keys: removable.map((file) => file.key), count: guestIds.length }
  })
  await Promise.all(keys.keys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return keys.count
}

const SWEEP_EVERY_MS = 15 * 60 * 1000

/** Sweeps every 15 minutes, on the one process that holds the job's lock (app.ts schedules it). */
export function guestSweepJob(ports: Uses<'database' | 'storage' | 'clock' | 'log'>): PeriodicJob {
  return {
    name: 'guest-sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      const removed = await sweepExpiredGuests(ports)
      if (removed > 0) ports.log.info({ removed }, 'guest sweep: %d expired guests removed', removed)
    },
  }
}
