import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database.ts'
import type { DatabaseHandle } from '../ports.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts'
import { createJobLocks, type JobLocks } from './job-lock.ts'
import { JOB_LOCK_IDS, JOB_LOCK_SPACE, type JobName } from './job-lock-ids.ts'
import { jobLocksOf } from './periodic-jobs.ts'

/**
 * Two runners of the periodic jobs on one database: on PostgreSQL each has its own connection pool, as two API
 * processes have; on PGlite (one process by nature) they share the one connection.
 */
let database: TestDatabase
let otherHandle: DatabaseHandle
let logged = ''
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString()
      done()
    },
  }),
)
const opened: JobLocks[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  otherHandle = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database.handle
})

// A failed test must not leave its locks to the next one.
afterEach(async () => {
  for (const locks of opened.splice(0)) await locks.close()
})

afterAll(async () => {
  if (otherHandle !== database.handle) await otherHandle.close()
  await database.destroy()
})

function runners(): [JobLocks, JobLocks] {
  const first = createJobLocks(database.handle, log)
  const second = createJobLocks(otherHandle, log)
  opened.push(first, second)
  return [first, second]
}

/** A job that runs until released, so the test can act while it holds its lock. */
function heldJob() {
  let release = () => {}
  let started = () => {}
  const startedPromise = new Promise<void>((resolve) => {
    started = resolve
  })
  const job = () =>
    new Promise<void>((resolve) => {
      release = resolve
      started()
    })
  return { job, started: startedPromise, release: () => release() }
}

/** How many sessions hold the job's lock, as PostgreSQL itself reports it. */
const lockHolders = async (name: JobName) => {
  // pg_locks lists the whole server; other test files' databases hold the same job locks.
  const text =
    "select 1 from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and classid = $1 and objid = $2 and objsubid = 2 and granted"
  const params = [JOB_LOCK_SPACE, JOB_LOCK_IDS[name]]
  const handle = database.handle
  const { rows } = handle.kind === 'postgres' ? await handle.pool.query(text, params) : await handle.client.query(text, params)
  return rows.length
}

describe('periodic job locks', () => {
  it('skips a second runner while the first holds the lock, and lets it take over once the first lets go', async () => {
    const [first, second] = runners()
    const running = heldJob()
    const firstRun = first.run('guest-sweep', running.job)
    await running.started

    let secondRan = false
    const secondJob = async () => {
      secondRan = true
    }
    expect(await second.run('guest-sweep', secondJob)).toBe(false)
    expect(secondRan).toBe(false)
    expect(await lockHolders('guest-sweep')).toBe(1)

    running.release()
    expect(await firstRun).toBe(true)
    // The job stays with the first runner between its runs, so it does not move with every tick.
    expect(await second.run('guest-sweep', secondJob)).toBe(false)
    expect(first.held()).toEqual(['guest-sweep'])

    await first.close()
    expect(await lockHolders('guest-sweep')).toBe(0)
    expect(await second.run('guest-sweep', secondJob)).toBe(true)
    expect(secondRan).toBe(true)
    expect(second.held()).toEqual(['guest-sweep'])
    expect(await lockHolders('guest-sweep')).toBe(1)
    await second.close()
  })

  it('lets exactly one of two runners reaching for a free lock at the same moment run the job', async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = runners()
      let runs = 0
      const job = async () => {
        runs += 1
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const results = await Promise.all([first.run('mail-outbox', job), second.run('mail-outbox', job)])
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(runs).toBe(1)
      await Promise.all([first.close(), second.close()])
    }
  })

  it('skips a run of a job its own runner is still running', async () => {
    const [first] = runners()
    const running = heldJob()
    const firstRun = first.run('orphan-file-sweep', running.job)
    await running.started
    let overlapped = false
    const overlapping = async () => {
      overlapped = true
    }
    expect(await first.run('orphan-file-sweep', overlapping)).toBe(false)
    running.release()
    expect(await firstRun).toBe(true)
    expect(overlapped).toBe(false)
    expect(await first.run('orphan-file-sweep', async () => {})).toBe(true)
    await first.close()
  })

  it('locks each job apart: one runner may run the mail while the other sweeps guests', async () => {
    const [first, second] = runners()
    expect(await first.run('mail-outbox', async () => {})).toBe(true)
    expect(await second.run('guest-sweep', async () => {})).toBe(true)
    expect(await second.run('mail-outbox', async () => {})).toBe(false)
    expect(await first.run('guest-sweep', async () => {})).toBe(false)
    expect(first.held()).toEqual(['mail-outbox'])
    expect(second.held()).toEqual(['guest-sweep'])
    await Promise.all([first.close(), second.close()])
    expect(await lockHolders('mail-outbox')).toBe(0)
    expect(logged).toContain('periodic job mail-outbox runs on this process')
  })

  it('keeps the lock when the job fails, and the failure reaches the caller', async () => {
    const [first, second] = runners()
    await expect(
      first.run('subscription-expiry', async () => {
        throw new Error('database busy')
      }),
    ).rejects.toThrow('database busy')
    expect(await second.run('subscription-expiry', async () => {})).toBe(false)
    await first.close()
    await second.close()
  })
})

describe('periodic jobs of an app', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await createTestApp()
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('runs every periodic job once soon after start-up, under its lock', async () => {
    const locks = jobLocksOf(testApp.app)
    const deadline = Date.now() + 10_000
    const jobs = Object.keys(JOB_LOCK_IDS).sort()
    while (locks.held().length < jobs.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(locks.held().sort()).toEqual(jobs)
    for (const name of Object.keys(JOB_LOCK_IDS)) expect(testApp.logs()).toContain(`periodic job ${name} runs on this process`)
  })
})
