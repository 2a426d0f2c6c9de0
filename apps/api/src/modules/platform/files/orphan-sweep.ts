import type { PeriodicJob } from '../../../lib/periodic-jobs.ts'
import type { Uses } from '../../../ports.ts'
import { findReferencedStorageKeys } from './repository.ts'

/**
 * An upload is written to storage before the transaction that inserts its row commits (lib/stored-images.ts),
 * so a file younger than this may belong to a request still in flight. No upload takes an hour.
 */
export const ORPHAN_FILE_GRACE_MS = 60 * 60 * 1000
const BATCH_SIZE = 500
const SWEEP_EVERY_MS = 60 * 60 * 1000

export interface OrphanSweepResult {
  checked: number
  removed: number
}

/**
 * Removes stored files that no `files` row points at: the bytes a crash (or a lost database) left behind between
 * writing a file and committing its row. Failed requests remove their own files; this catches what they could not.
 */
export async function sweepOrphanFiles(
  ports: Uses<'database' | 'storage' | 'clock'>,
  options: { signal?: AbortSignal } = {},
): Promise<OrphanSweepResult> {
  const cutoff = ports.clock.now().getTime() - ORPHAN_FILE_GRACE_MS
  const result: OrphanSweepResult = { checked: 0, removed: 0 }
  let batch: string[] = []
  const sweepBatch = async () => {
    const referenced = await findReferencedStorageKeys(ports.database.db, batch)
    const orphans = batch.filter((key) => !referenced.has(key))
    await Promise.all(orphans.map((key) => ports.storage.remove(key)))
    result.checked += batch.length
    result.removed += orphans.length
    batch = []
  }
  for await (const object of ports.storage.list()) {
    if (options.signal?.aborted) return result
    if (object.storedAt.getTime() > cutoff) continue
    batch.push(object.key)
    if (batch.length >= BATCH_SIZE) await sweepBatch()
  }
  if (batch.length > 0 && !options.signal?.aborted) await sweepBatch()
  return result
}

/** The hourly sweep, run on the one process that holds the job's lock (app.ts schedules it). */
export function orphanFileSweepJob(ports: Uses<'database' | 'storage' | 'clock' | 'log'>): PeriodicJob {
  return {
    name: 'orphan-file-sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async (signal) => {
      // Stops between batches when the app closes, so the database is not closed under a running query.
      const result = await sweepOrphanFiles(ports, { signal })
      if (result.checked > 0)
        ports.log.info(result, 'orphan-file sweep: %d old files checked, %d orphans removed', result.checked, result.removed)
    },
  }
}
