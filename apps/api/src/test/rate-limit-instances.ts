import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../entry/app.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/** Two app instances on one database and one configuration, as two API processes behind a load balancer are. */
export async function createTwoInstances(env: Record<string, string> = {}) {
  const nameSpace = `keydesk-test-rate-limit-${randomBytes(6).toString('hex')}:`
  const first: TestApp = await createTestApp(env, { rateLimitNameSpace: nameSpace })
  const second: FastifyInstance = await buildApp({
    config: first.config,
    database: first.database.handle,
    rateLimitNameSpace: nameSpace,
    // Quiet: the first instance's log is the one tests read.
    logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
  })
  await second.ready()
  return {
    first,
    second,
    nameSpace,
    close: async () => {
      await second.close()
      await first.close()
    },
  }
}

/** POST /api/support/contact (5 per 15 minutes per address) from one address, `count` times, alternating instances. */
export async function contactAlternately(instances: FastifyInstance[], count: number, remoteAddress: string): Promise<number[]> {
  const statuses: number[] = []
  for (let call = 0; call < count; call++) {
    const answer = await instances[call % instances.length]?.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: 'Pat', email: 'pat@example.com', subject: 'Rate limit', message: `call ${call + 1}` },
      remoteAddress,
    })
    statuses.push(answer?.statusCode ?? 0)
  }
  return statuses
}
