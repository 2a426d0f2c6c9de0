import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { RequestStatusEvent } from '@keydesk/contracts/request-status'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn } from './accounts.ts'
import { arrivalMs, openStream } from './event-stream.ts'
import { createMember } from './members.ts'
import { addRequestsToCart, checkout, findTransaction, paidSession, signedEvent } from './payments.ts'
import { postTo, type ServerProcess, startServer } from './server-process.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/**
 * Several instances: two real API processes (src/entry/server.ts, as `npm start` runs it) on one PostgreSQL,
 * each on its own port. What is published on one reaches an SSE client of the other through LISTEN/NOTIFY.
 * PostgreSQL only (vitest.config.ts includes *.pg.test.ts when TEST_DATABASE_URL is set).
 */
const shared = {
  // The processes and the in-process app that sets up accounts must sign and encrypt alike.
  JWT_SECRET: randomBytes(32).toString('hex'),
  KEYCODE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
}
let testApp: TestApp
let one: ServerProcess
let two: ServerProcess
const dataDirs: string[] = []

async function startInstance(databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-instance-'))
  dataDirs.push(dataDir)
  return startServer({ ...shared, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn' })
}

beforeAll(async () => {
  testApp = await createTestApp(shared)
  if (!testApp.database.url) throw new Error('multi-instance tests need TEST_DATABASE_URL')
  // One after the other: a real deployment rolls its instances out, and the second finds the schema in place.
  one = await startInstance(testApp.database.url)
  two = await startInstance(testApp.database.url)
}, 120_000)

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()])
  await testApp.close()
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
})

describe('two API processes on one PostgreSQL', () => {
  it("delivers a payment's and an admin's status changes made on instance one to the owner's stream on instance two", async () => {
    const owner = await registerAndSignIn(testApp)
    const admin = await createMember(testApp, 'ADMIN')
    const stream = await openStream(two.baseUrl, owner.headers, '/api/vehicle/user-requests/stream')
    expect(stream.status).toBe(200)
    await addRequestsToCart(testApp, 1, owner.headers)
    const { sessionId } = (await checkout(testApp, 6000, owner.headers)).json() as { sessionId: string }
    const event = signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 6000))

    let since = Date.now()
    expect((await postTo(one, '/api/api/payments/webhook', { 'stripe-signature': event.signature }, event.payload, true)).status).toBe(200)
    const requestId = (await findTransaction(testApp, sessionId)).items[0]?.vehicleRequestId ?? ''
    const queuedMs = await arrivalMs(stream, JSON.stringify({ requestId, status: 'PENDING' }), since)

    since = Date.now()
    expect((await postTo(one, `/api/admin/update-request-status/${requestId}`, admin.auth, {})).status).toBe(200)
    const startedMs = await arrivalMs(stream, JSON.stringify({ requestId, status: 'INPROGRESS' }), since)

    since = Date.now()
    const fulfilled = await postTo(one, '/api/admin/process-request', admin.auth, {
      vehicleId: requestId,
      keycode: 'KC-MULTI-7730',
      overrideReason: 'Multi-instance test release',
    })
    expect(fulfilled.status).toBe(200)
    const fulfilledMs = await arrivalMs(stream, JSON.stringify({ requestId, status: 'FULFILLED' }), since)

    const events = stream
      .received()
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as RequestStatusEvent)
    expect(events.map((entry) => entry.status)).toEqual(['PENDING', 'INPROGRESS', 'FULFILLED'])
    expect(stream.received()).not.toContain('KC-MULTI-7730')
    console.log(
      `multi-instance status stream: 3 of 3 events crossed instances (queued ${queuedMs} ms, started ${startedMs} ms, fulfilled ${fulfilledMs} ms)`,
    )
  })

  it("delivers a member's chat message sent on instance one to an admin's stream on instance two", async () => {
    const member = await createMember(testApp, 'BASEUSER', { trialEndsAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000) })
    const agent = await createMember(testApp, 'ADMIN')
    const agentStream = await openStream(two.baseUrl, agent.auth)
    expect(agentStream.status).toBe(200)

    const since = Date.now()
    expect((await postTo(one, '/api/chat/send', member.auth, { message: 'across the instances' })).status).toBe(201)
    const chatMs = await arrivalMs(agentStream, 'across the instances', since)
    console.log(`multi-instance chat stream: 1 of 1 messages crossed instances in ${chatMs} ms`)
  })

  it("closes an account's open streams on instance two when it logs out on instance one", async () => {
    const member = await registerAndSignIn(testApp)
    const stream = await openStream(two.baseUrl, member.headers, '/api/vehicle/user-requests/stream')
    expect(stream.status).toBe(200)
    const since = Date.now()
    const logout = await postTo(one, '/api/auth/logout', { cookie: `refresh_token=${member.cookies.refresh_token}` }, {})
    expect(logout.status).toBe(200)
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the stream on instance two stayed open 10 s after logout')), 10_000)
    })
    await Promise.race([stream.ended, timeout]).finally(() => clearTimeout(timer))
    console.log(`multi-instance session end: the stream on instance two closed ${Date.now() - since} ms after logout on instance one`)
  })

  it('closes its open streams and exits 0 when instance two is stopped', async () => {
    const owner = await createMember(testApp, 'BASEUSER')
    const stream = await openStream(two.baseUrl, owner.auth, '/api/vehicle/user-requests/stream')
    expect(stream.status).toBe(200)
    const stoppedAt = Date.now()
    expect(await two.stop()).toBe(0)
    await stream.ended
    console.log(`multi-instance shutdown: instance two closed 1 open stream and exited 0 in ${Date.now() - stoppedAt} ms`)
  })
})
