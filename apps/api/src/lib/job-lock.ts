import type { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseHandle } from '../ports.ts'
import { JOB_LOCK_IDS, JOB_LOCK_SPACE, type JobName } from './job-lock-ids.ts'

export type JobLocks = ReturnType<typeof createJobLocks>
type Session = { query(text: string, params?: unknown[]): Promise<{ rows: { locked?: boolean }[] }>; release(error?: Error): void }
const pgliteSession = (client: PGlite): Session => ({ query: (text, params) => client.query(text, params), release: () => undefined })
/** Each job's holder per PGlite or pool: PGlite is one session, which takes a lock it holds as readily as a free one. */
const ownersOf = new WeakMap<object, Map<JobName, object>>()

/**
 * The periodic jobs' session locks of one app, on a connection of its own. The first process to take a job keeps it
 * (its log says so once) until it closes or loses that connection, when PostgreSQL frees the lock and another process
 * takes the job at its next tick. `run` answers false, without running the job, while another holder has it or it runs.
 */
export function createJobLocks(database: DatabaseHandle, log: FastifyBaseLogger) {
  const driver = database.kind === 'postgres' ? database.pool : database.client
  const owners = ownersOf.get(driver) ?? new Map<JobName, object>()
  ownersOf.set(driver, owners)
  const self = {}
  const running = new Map<JobName, Promise<boolean>>()
  const held = () => [...owners].filter(([, owner]) => owner === self).map(([name]) => name)
  let session: Promise<Session> | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let closed = false
  // One query at a time, as a pg connection needs; a failed one drops the connection, and the locks went with it.
  const ask = (text: string, params?: unknown[]) => {
    session ??= database.kind === 'postgres' ? database.pool.connect() : Promise.resolve(pgliteSession(database.client))
    const current = session
    const answer = queue.then(async () => (await (await current).query(text, params)).rows[0]?.locked === true)
    queue = answer.catch((error) => {
      for (const name of held()) owners.delete(name)
      if (session !== current) return
      session = undefined
      return current.then((client) => client.release(error)).catch(() => undefined)
    })
    return answer
  }
  const run = async (name: JobName, job: () => Promise<void>, owner: object | undefined) => {
    // The owner takes its lock again (unlock_all undoes the count at close): that proves its connection still holds it.
    const locked = await ask('select pg_try_advisory_lock($1, $2) as locked', [JOB_LOCK_SPACE, JOB_LOCK_IDS[name]])
    if (!locked) owners.delete(name)
    else if (!owner) log.info({ job: name }, 'periodic job %s runs on this process', name)
    if (locked) await job()
    return locked
  }
  return {
    held,
    run(name: JobName, job: () => Promise<void>): Promise<boolean> {
      const owner = owners.get(name)
      if (closed || running.has(name) || (owner && owner !== self)) return Promise.resolve(false)
      owners.set(name, self) // before the query, so two apps on one PGlite cannot both take the lock across the await
      const runs = run(name, job, owner).finally(() => running.delete(name))
      running.set(name, runs)
      return runs
    },
    idle: () => Promise.allSettled(running.values()),
    /** Lets go of every lock, so that another process takes the jobs at its next tick. */
    async close() {
      closed = true
      for (const name of held()) owners.delete(name)
      if (session) await ask('select pg_advisory_unlock_all()').catch(() => undefined)
      await queue
      ;(await session)?.release()
      session = undefined
    },
  }
}
