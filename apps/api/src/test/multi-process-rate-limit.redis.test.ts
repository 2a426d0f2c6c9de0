import { randomInt } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServer } from './server-process.ts'

/**
 * Several instances, the rate limit: two real API processes (src/entry/server.ts) with one REDIS_URL count
 * one limit together. Redis only (vitest.config.ts includes *.redis.test.ts when REDIS_URL is set). Each process
 * has its own embedded database: the shared count lives in Redis, not in the database.
 */
const redisUrl = process.env.REDIS_URL ?? ''
// The Redis is shared: a client address of this run's own keeps its counter apart (the processes trust
// X-Forwarded-For, as behind the load balancer that sets it).
const clientIp = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`
const processes: ServerProcess[] = []
const dataDirs: string[] = []

beforeAll(async () => {
  for (let index = 0; index < 2; index++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-rate-limit-process-'))
    dataDirs.push(dataDir)
    processes.push(await startServer({ REDIS_URL: redisUrl, TRUST_PROXY: '1', DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent' }))
  }
}, 120_000)

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()))
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
  const redis = new Redis(redisUrl)
  try {
    const keys = await redis.keys(`keydesk-rate-limit:*${clientIp}`)
    if (keys.length > 0) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
})

describe('two API processes with one REDIS_URL', () => {
  it('refuse the sixth support message from one address in 15 minutes, whichever process takes each call', async () => {
    const statuses: number[] = []
    for (let call = 0; call < 8; call++) {
      const server = processes[call % 2]
      const answer = await fetch(`${server?.baseUrl}/api/support/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
        body: JSON.stringify({ name: 'Pat', email: 'pat@example.com', subject: 'Rate limit', message: `call ${call + 1}` }),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
    console.log(
      `shared rate limit across processes: 2 processes, 8 alternating calls, ${statuses.filter((status) => status === 201).length} accepted (limit 5)`,
    )
  })
})
