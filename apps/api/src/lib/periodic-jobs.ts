import type { FastifyInstance } from 'fastify'
import { createJobLocks, type JobLocks } from './job-lock.ts'
import type { JobName } from './job-lock-ids.ts'

/** `signal` aborts when the app closes, so that a long job stops between two steps. */
export type PeriodicJob = { name: JobName; everyMs: number; run(signal: AbortSignal): Promise<void> }

/**
 * A sweep's loop: runs one batched delete until a batch comes back smaller than `batchSize` (nothing left) or the app
 * closes; answers how many rows went.
 */
export async function sweepInBatches(remove: () => Promise<number>, batchSize: number, signal?: AbortSignal): Promise<number> {
  let removed = 0
  for (;;) {
    if (signal?.aborted) return removed
    const batch = await remove()
    removed += batch
    if (batch < batchSize) return removed
  }
}

const appLocks = new WeakMap<FastifyInstance, JobLocks>()

/** The app's job locks, let go when it closes (after every job's preClose has waited for its run). */
export function jobLocksOf(app: FastifyInstance): JobLocks {
  let locks = appLocks.get(app)
  if (!locks) {
    locks = createJobLocks(app.database, app.log)
    appLocks.set(app, locks)
    app.addHook('onClose', locks.close)
  }
  return locks
}

/** Runs the job soon after start-up, then every `everyMs`, where its lock is held; closing waits for a run in progress. */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob) {
  const locks = jobLocksOf(app)
  const stop = new AbortController()
  const tick = () => {
    if (stop.signal.aborted) return
    locks
      .run(job.name, () => job.run(stop.signal))
      .catch((error) => app.log.warn({ err: error, job: job.name }, 'periodic job %s failed', job.name))
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    setImmediate(tick)
    timer = setInterval(tick, job.everyMs).unref()
  })
  app.addHook('preClose', async () => {
    clearInterval(timer)
    stop.abort()
    await locks.idle()
  })
}
