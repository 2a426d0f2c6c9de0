import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type pg from 'pg'
import type { DatabaseHandle } from '../db/database.ts'

/**
 * One advisory lock per periodic job, in the two-key form (space, job): the numbers are part of the deployment
 * contract, since processes of two releases running side by side must agree on them. Never reuse a number.
 */
export const JOB_LOCK_SPACE = 0x4b455944 // 'KEYD'
export const JOB_LOCK_IDS = {
  'mail-outbox': 1,
  'orphan-file-sweep': 2,
  'guest-sweep': 3,
  'subscription-expiry': 4,
  'unpaid-request-sweep': 5,
} as const
export type JobName = keyof typeof JOB_LOCK_IDS

/**
 * The periodic jobs' locks of one app. A job runs where its lock is held; the first process to take a job keeps
 * it, on one database connection of its own, until it stops or loses that connection: then PostgreSQL frees the
 * lock and another process takes the job at its next tick. So at most one process runs a job at any time, and
 * which one is written in the log ("periodic job … runs on this process").
 */
export interface JobLocks {
  /**
   * Runs `job` when this app holds the job's lock or can take it now, and answers true; answers false without
   * running it when another process holds the lock, or when this app is already running the job.
   */
  run(name: JobName, job: () => Promise<void>): Promise<boolean>
  /** The jobs whose locks this app holds. */
  held(): JobName[]
  /** Lets go of every lock, so that another process takes the jobs at its next tick. */
  close(): Promise<void>
}

interface LockSession {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>
  /** `broken`: the connection is thrown away, not handed back to the pool with locks still on it. */
  release(broken?: boolean): void
  lost: boolean
}

async function pgSession(pool: pg.Pool): Promise<LockSession> {
  const client = await pool.connect()
  // Jobs tick independently, but one connection answers one query at a time (pg 9 refuses overlapping calls).
  let queue: Promise<unknown> = Promise.resolve()
  const session: LockSession = {
    lost: false,
    query: (text, params) => {
      const result = queue.then(async () => (await client.query(text, params)).rows)
      queue = result.catch(() => undefined)
      return result
    },
    release: (broken) => client.release(broken ? new Error('job lock session dropped') : undefined),
  }
  // The pool logs the error itself (database.ts); the locks went with the connection.
  client.on('error', () => {
    session.lost = true
  })
  return session
}

function pgliteSession(client: PGlite): LockSession {
  return {
    lost: false,
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    release: () => undefined,
  }
}

/**
 * PGlite is one connection, and a session may take the same advisory lock twice: two apps on one PGlite would
 * both get it. The owners are therefore also noted per PGlite instance (one process, so memory is enough).
 */
const pgliteOwners = new WeakMap<object, Map<JobName, JobLocks>>()

export function createJobLocks(database: DatabaseHandle, log: FastifyBaseLogger): JobLocks {
  const client = database.kind === 'postgres' ? database.pool : database.client
  const owners = database.kind === 'pglite' ? (pgliteOwners.get(client) ?? new Map<JobName, JobLocks>()) : undefined
  if (owners) pgliteOwners.set(client, owners)
  const held = new Set<JobName>()
  const running = new Set<JobName>()
  let session: Promise<LockSession> | undefined
  let closed = false

  const openSession = () => {
    if (session) return session
    const opening = database.kind === 'postgres' ? pgSession(client as pg.Pool) : Promise.resolve(pgliteSession(client as PGlite))
    session = opening
    // The database is away: the next tick tries again.
    opening.catch(() => {
      if (session === opening) session = undefined
    })
    return opening
  }
  const dropSession = async () => {
    const current = await session?.catch(() => undefined)
    session = undefined
    for (const name of held) owners?.delete(name)
    held.clear()
    current?.release(true)
  }

  /** Takes the lock, or checks that the connection holding it is still there (the lock lives as long as it). */
  const hold = async (name: JobName): Promise<boolean> => {
    const current = await openSession()
    try {
      if (current.lost) throw new Error('the connection holding the job locks was lost')
      if (held.has(name)) {
        await current.query('select 1')
        return true
      }
      // Claimed before the query, so two apps on one PGlite cannot both pass this line across the await.
      if (owners?.has(name)) return false
      owners?.set(name, locks)
      const [row] = await current.query('select pg_try_advisory_lock($1, $2) as locked', [JOB_LOCK_SPACE, JOB_LOCK_IDS[name]])
      if (row?.locked !== true) {
        owners?.delete(name)
        return false
      }
      held.add(name)
      log.info({ job: name }, 'periodic job %s runs on this process', name)
      return true
    } catch (error) {
      if (owners?.get(name) === locks && !held.has(name)) owners.delete(name)
      if (held.has(name)) log.warn({ job: name, err: error }, 'periodic job %s: lock lost with its connection', name)
      await dropSession()
      throw error
    }
  }

  const locks: JobLocks = {
    async run(name, job) {
      if (closed || running.has(name)) return false
      running.add(name)
      try {
        if (!(await hold(name))) return false
        await job()
        return true
      } finally {
        running.delete(name)
      }
    },
    held: () => [...held],
    async close() {
      closed = true
      const current = await session?.catch(() => undefined)
      session = undefined
      if (!current) return
      try {
        for (const name of held) {
          await current.query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_SPACE, JOB_LOCK_IDS[name]])
          owners?.delete(name)
        }
        held.clear()
        current.release()
      } catch {
        // Closing the connection frees whatever it still held.
        for (const name of held) owners?.delete(name)
        held.clear()
        current.release(true)
      }
    },
  }
  return locks
}

const appLocks = new WeakMap<FastifyInstance, JobLocks>()

/** The app's job locks, let go when it closes (after every job's own preClose has waited for its run). */
export function jobLocksOf(app: FastifyInstance): JobLocks {
  let locks = appLocks.get(app)
  if (!locks) {
    const created = createJobLocks(app.database, app.log)
    appLocks.set(app, created)
    app.addHook('onClose', async () => created.close())
    locks = created
  }
  return locks
}

export interface PeriodicJob {
  name: JobName
  everyMs: number
  /** `signal` aborts when the app closes: a long job stops between two steps. */
  run(signal: AbortSignal): Promise<void>
}

/**
 * Runs the job once soon after start-up (never delaying it) and then every `everyMs`, wherever its lock is held:
 * every process ticks, one runs it. Closing stops the timer and waits for a run in progress, so the database is
 * not closed under it.
 */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob) {
  const locks = jobLocksOf(app)
  const stop = new AbortController()
  let running: Promise<void> | undefined
  const tick = () => {
    if (running || stop.signal.aborted) return
    running = locks
      .run(job.name, () => job.run(stop.signal))
      .then(
        () => undefined,
        (error) => app.log.warn({ err: error, job: job.name }, 'periodic job %s failed', job.name),
      )
      .finally(() => {
        running = undefined
      })
  }
  let first: NodeJS.Immediate | undefined
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    first = setImmediate(tick)
    timer = setInterval(tick, job.everyMs)
    timer.unref()
  })
  app.addHook('preClose', async () => {
    clearImmediate(first)
    clearInterval(timer)
    stop.abort()
    await running
  })
}
