import { spawnSync } from 'node:child_process'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDatabaseUnreachable } from '../lib/database-unreachable.ts'
import { createJobLocks } from '../lib/job-lock.ts'
import { createPostgresEventBus } from '../plugins/adapters/event-bus.ts'
import type { DatabaseHandle } from '../ports.ts'
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts'
import { openDatabase } from './database.ts'

/**
 * The pool heals (docs/reliability.md, 'The database pool heals'): whatever step of a transaction meets a connection
 * whose server process has died, that connection is given back or destroyed, so a pool of two is whole again at
 * once. PostgreSQL only (vitest.config.ts includes *.pg.test.ts when TEST_DATABASE_URL is set).
 */
/** Drizzle's PostgreSQL answer, typed loosely by the Database port. */
const firstRow = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows[0] ?? {}

let database: TestDatabase
let handle: DatabaseHandle
let pool: pg.Pool

beforeAll(async () => {
  database = await createTestDatabase()
  if (!database.url) throw new Error('the pool tests need TEST_DATABASE_URL')
  handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2, onPoolError: () => undefined })
  if (handle.kind !== 'postgres') throw new Error('expected a PostgreSQL handle')
  pool = handle.pool
})

afterAll(async () => {
  await handle?.close()
  await database?.destroy()
})

/** Two idle connections in the pool, each with its server process id. */
async function fillThePool(): Promise<number[]> {
  const pids = await Promise.all(
    [0, 1].map(() =>
      handle.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)
        return Number(firstRow(result).pid)
      }),
    ),
  )
  expect(pool.idleCount).toBe(2)
  return pids
}

/**
 * Ends the given server processes from another connection while this process's event loop is held, so the pool
 * has not yet read that its idle connections are gone: the next BEGIN is written to a dead connection, exactly the
 * moment a terminated backend meets a transaction under load.
 */
function terminateWhileLoopHeld(pids: number[]) {
  const url = new URL(database.url ?? '')
  const statement = `select pg_terminate_backend(pid) from unnest(array[${pids.join(',')}]::int[]) as pid; select pg_sleep(0.3)`
  const psql = spawnSync('psql', ['-X', '-q', '-d', url.toString(), '-c', statement], { encoding: 'utf8' })
  if (psql.status !== 0) throw new Error(`psql failed: ${psql.stderr}`)
}

describe('the database pool heals', () => {
  it('gives back the connections whose BEGIN met a terminated server process, and the next calls succeed', async () => {
    const pids = await fillThePool()
    terminateWhileLoopHeld(pids)
    const failed = await Promise.allSettled([0, 1].map(() => handle.db.transaction(async (tx) => tx.execute(sql`select 1`))))
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected'])
    for (const outcome of failed) if (outcome.status === 'rejected') expect(isDatabaseUnreachable(outcome.reason)).toBe(true)

    const started = performance.now()
    const answers = await Promise.all([0, 1, 2, 3].map(() => handle.db.transaction(async (tx) => tx.execute(sql`select 1 as one`))))
    expect(answers.map(firstRow)).toEqual([{ one: 1 }, { one: 1 }, { one: 1 }, { one: 1 }])
    // Well under the pool's 3 s wait for a free connection, which is what every call met when the two leaked.
    expect(performance.now() - started).toBeLessThan(1500)
    expect(pool.totalCount).toBeLessThanOrEqual(2)
    expect(pool.waitingCount).toBe(0)
  })

  it('destroys a connection whose COMMIT met a terminated server process, and the next calls succeed', async () => {
    const outcome = await handle.db
      .transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid`)
        terminateWhileLoopHeld([Number(firstRow(result).pid)])
      })
      .then(
        () => 'committed',
        (error: unknown) => (isDatabaseUnreachable(error) ? 'unreachable' : `other: ${String(error)}`),
      )
    expect(outcome).toBe('unreachable')
    const answers = await Promise.all([0, 1, 2].map(() => handle.db.transaction(async (tx) => tx.execute(sql`select 2 as two`))))
    expect(answers.map(firstRow)).toEqual([{ two: 2 }, { two: 2 }, { two: 2 }])
  })

  it('keeps a connection whose transaction the callback ended with its own error, rolled back', async () => {
    await fillThePool()
    const before = new Set(await backendPids())
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        throw new Error('the rule refused it')
      }),
    ).rejects.toThrow('the rule refused it')
    expect(new Set(await backendPids())).toEqual(before)
  })

  it('loses nothing when connections are terminated again and again under load', async () => {
    let stop = false
    const killer = (async () => {
      const admin = await openDatabase({ kind: 'postgres', url: database.url ?? '', poolSize: 1, onPoolError: () => undefined })
      while (!stop) {
        await admin.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await admin.close()
    })()
    const deadline = performance.now() + 3000
    let failures = 0
    const worker = async () => {
      while (performance.now() < deadline) {
        await handle.db.transaction(async (tx) => tx.execute(sql`select 1`)).catch(() => failures++)
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    stop = true
    await killer
    expect(failures).toBeGreaterThan(0)
    const answers = await Promise.all([0, 1, 2, 3].map(() => handle.db.transaction(async (tx) => tx.execute(sql`select 3 as three`))))
    expect(answers.map(firstRow)).toEqual([{ three: 3 }, { three: 3 }, { three: 3 }, { three: 3 }])
    await handle.ping()
  })
})

describe('the connections held for good', () => {
  const terminateAllBut = async (keep: number[]) => {
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    const result = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and not (pid = any($1::int[]))',
      [keep],
    )
    await admin.end()
    return Number(result.rows[0]?.n)
  }

  it('the event bus listens again on a new connection after its LISTEN connection is terminated', async () => {
    const bus = await createPostgresEventBus({ pool, onError: () => undefined })
    const received: string[] = []
    const unsubscribe = bus.subscribe('pool-test', (payload) => received.push(payload))
    try {
      expect(await terminateAllBut([])).toBeGreaterThan(0)
      const started = performance.now()
      while (!received.includes('after') && performance.now() - started < 5000) {
        await bus.publish('pool-test', 'after').catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(received).toContain('after')
      // The listener holds one connection again, and the other slot still answers.
      expect(pool.totalCount).toBeLessThanOrEqual(2)
      await handle.ping()
    } finally {
      unsubscribe()
      await bus.close()
    }
  })

  it('a job lock whose connection is terminated is taken again at a later tick, and the pool stays whole', async () => {
    const locks = createJobLocks(handle, pino({ level: 'silent' }))
    let runs = 0
    const job = async () => {
      runs++
    }
    try {
      expect(await locks.run('mail-outbox', job)).toBe(true)
      expect(await terminateAllBut([])).toBeGreaterThan(0)
      // The run that meets the dead connection fails. The pool's idle connections were terminated too, and the pool
      // may hand one out before it has read so, failing that run as well; ticks a tenth of a second apart (the jobs'
      // own are seconds apart) take the lock again on a live connection within a few.
      const outcomes: boolean[] = []
      while (outcomes.length < 5 && !outcomes.includes(true)) {
        outcomes.push(await locks.run('mail-outbox', job).catch(() => false))
        if (!outcomes.includes(true)) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(outcomes).toContain(true)
      expect(outcomes[0]).toBe(false)
      expect(runs).toBe(2)
      const answers = await Promise.all([0, 1].map(() => handle.db.transaction(async (tx) => tx.execute(sql`select 4 as four`))))
      expect(answers.map(firstRow)).toEqual([{ four: 4 }, { four: 4 }])
    } finally {
      await locks.close()
    }
  })
})

async function backendPids(): Promise<number[]> {
  return Promise.all(
    [0, 1].map(() =>
      handle.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)
        return Number(firstRow(result).pid)
      }),
    ),
  )
}
