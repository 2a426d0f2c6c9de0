import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GOOD_PASSWORD, registrationForm } from './accounts.ts'
import { createPrivatePostgres, type PrivatePostgres } from './private-postgres.ts'
import { type ServerProcess, startServer } from './server-process.ts'

/*
 * The load case of the pool finding (docs/reliability.md, 'The database pool heals'): the real API process on a
 * PostgreSQL cluster of this file alone, 16 clients signing in while every connection of the app is terminated
 * every 0.2 s. Once the terminations stop, the health check and every sign-in must answer as before, with no
 * restart. Before the fix, the leaked connections left `/api/health` unreachable and sign-in 503 for good.
 */

let cluster: PrivatePostgres
let dataDir: string
let server: ServerProcess | undefined

let counter = 0
const nextIp = () => `10.88.${(++counter >> 8) & 255}.${counter & 255}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  cluster = await createPrivatePostgres()
  await cluster.start()
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-pool-'))
  // Four connections: two held for good (events, job locks) and two for answers, so a leak shows within two losses.
  server = await startServer({ DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: '4', DATA_DIR: dataDir, TRUST_PROXY: '1', LOG_LEVEL: 'warn' })
})

afterAll(async () => {
  await server?.stop()
  await cluster?.destroy()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function register(baseUrl: string): Promise<string> {
  const { form, email } = await registrationForm()
  const answer = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form, headers: { 'x-forwarded-for': nextIp() } })
  if (answer.status !== 201) throw new Error(`registration failed ${answer.status}: ${await answer.text()}`)
  return email
}

async function signIn(baseUrl: string, email: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() },
    body: new URLSearchParams({ email, password: GOOD_PASSWORD }),
    signal: AbortSignal.timeout(15_000),
  }).catch(() => undefined)
  await answer?.arrayBuffer()
  return answer?.status ?? 0
}

describe('the API process whose database connections are terminated under load', () => {
  it('answers healthy and signs everyone in once the terminations stop, without a restart', async () => {
    const running = server as ServerProcess
    const emails = await Promise.all(Array.from({ length: 16 }, () => register(running.baseUrl)))

    const killer = new pg.Client({ connectionString: cluster.url })
    await killer.connect()
    let terminated = 0
    let loading = true
    const kills = (async () => {
      while (loading) {
        const result = await killer.query(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where backend_type = $1 and pid <> pg_backend_pid()',
          ['client backend'],
        )
        terminated += Number(result.rows[0]?.n ?? 0)
        await sleep(200)
      }
    })()
    const statuses = new Map<number, number>()
    const deadline = Date.now() + 12_000
    await Promise.all(
      emails.map(async (email) => {
        while (Date.now() < deadline) {
          const status = await signIn(running.baseUrl, email)
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        }
      }),
    )
    loading = false
    await kills
    await killer.end()
    expect(running.child.exitCode).toBeNull()

    const recoveredAt = Date.now()
    let health = 0
    while (Date.now() - recoveredAt < 10_000) {
      health = (await fetch(`${running.baseUrl}/api/health`)).status
      if (health === 200) break
      await sleep(100)
    }
    const healthyAfterMs = Date.now() - recoveredAt
    const after = await Promise.all(emails.map((email) => signIn(running.baseUrl, email)))
    console.log(
      `pool under terminations: ${terminated} connections terminated in 12 s while 16 clients signed in ` +
        `(${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ')}); healthy ${healthyAfterMs} ms after they stopped; ` +
        `16 sign-ins afterwards: ${after.filter((status) => status === 200).length} answered 200`,
    )
    expect(terminated).toBeGreaterThan(16)
    expect(health).toBe(200)
    expect(after).toEqual(emails.map(() => 200))
  })
})
