import { UNPAID_REQUEST_KEEP_DAYS } from '@keydesk/contracts/limits'
import { DAY_MS } from '@keydesk/contracts/time'
import type { PeriodicJob } from '../../../lib/periodic-jobs.ts'
import type { Uses } from '../../../ports.ts'
import { deleteFileRows } from '../../platform/index.ts'
import { requestIdsInOpenCheckouts } from '../orders/repository.ts'
import { deleteUnpaidRequestsExcept, lockStaleUnpaidMemberRequests } from './removal-repository.ts'

const BATCH_SIZE = 500

/**
 * Removes members' keycode requests left unpaid, outside any open checkout and unchanged for UNPAID_REQUEST_KEEP_DAYS
 * (the cart says so), with their cart items and photos, as the guest sweep does for guests. The candidates are
 * locked first and the open checkouts read after, so a checkout that committed meanwhile keeps its requests.
 */
export async function sweepUnpaidMemberRequests(ports: Uses<'database' | 'storage' | 'clock'>): Promise<number> {
  const now = ports.clock.now()
  const before = new Date(now.getTime() - UNPAID_REQUEST_KEEP_DAYS * DAY_MS)
  const { keys, count } = await ports.database.db.transaction(async (tx) => {
    const candidates = await lockStaleUnpaidMemberRequests(tx, before, BATCH_SIZE)
    if (candidates.length === 0) return { keys: [] as string[], count: 0 }
    const photoFileIds = await deleteUnpaidRequestsExcept(tx, candidates, requestIdsInOpenCheckouts(now))
    return { keys: await deleteFileRows(tx, photoFileIds), count: candidates.length }
  })
  // After the commit: a failed removal leaves an orphan file for the orphan sweep, never a row without its file.
  await Promise.all(keys.map((key) => ports.storage.remove(key).catch(() => undefined)))
  return count
}

const SWEEP_EVERY_MS = 60 * 60 * 1000

/** Sweeps every hour, on the one process that holds the job's lock (app.ts schedules it). */
export function unpaidRequestSweepJob(ports: Uses<'database' | 'storage' | 'clock' | 'log'>): PeriodicJob {
  return {
    name: 'unpaid-request-sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      const removed = await sweepUnpaidMemberRequests(ports)
      if (removed > 0) ports.log.info({ removed }, 'unpaid request sweep: %d requests removed', removed)
    },
  }
}
