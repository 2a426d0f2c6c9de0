import { randomBytes, randomInt } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../db/schema/files.ts'
import { mailOutbox } from '../db/schema/mail.ts'
import { guests } from '../db/schema/ordering.ts'
import { subscriptions } from '../db/schema/payments.ts'
import { users } from '../db/schema/users.ts'
import { JOB_LOCK_IDS, JOB_LOCK_SPACE, type JobName } from '../lib/job-lock-ids.ts'
import { jobLocksOf } from '../lib/periodic-jobs.ts'
import { LOG_BATCH } from '../logger.ts'
import { registrationForm } from './accounts.ts'
import { arrivalMs, openStream } from './event-stream.ts'
import { pngImage } from './images.ts'
import { createMember } from './members.ts'
import { addRequestsToCart, checkout, findTransaction, paidSession, signedEvent } from './payments.ts'
import { type S3Server, startS3Server } from './s3-server.ts'
import { postTo, type ServerProcess, startServer } from './server-process.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/**
 * Two processes, one deployment: two real API processes (src/entry/server.ts, as `npm start` runs it) with
 * one PostgreSQL, one Redis and one S3-compatible store (fauxqs on 127.0.0.1, started here), each process with a
 * data folder of its own that nothing shared may depend on. Needs TEST_DATABASE_URL and REDIS_URL (vitest.config.ts
 * includes *.pg.redis.test.ts only when both are set).
 */
const shared = {
  // The processes and the in-process app that sets up accounts must sign and encrypt alike.
  JWT_SECRET: randomBytes(32).toString('hex'),
  KEYCODE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
}
const redisUrl = process.env.REDIS_URL ?? ''
// The Redis is shared with other runs: addresses of this run's own keep its counters apart.
const subnet = `10.${randomInt(256)}.${randomInt(256)}`
let hosts = 0
const clientIp = () => `${subnet}.${++hosts}`

let testApp: TestApp
let s3: S3Server
let a: ServerProcess
let b: ServerProcess
const dataDirs: string[] = []
let expiredGuestId: string
let endedPlanId: string

async function startInstance(databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-two-processes-'))
  dataDirs.push(dataDir)
  return startServer({
    ...shared,
    ...s3.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRUST_PROXY: '1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'info',
  })
}

beforeAll(async () => {
  s3 = await startS3Server()
  testApp = await createTestApp(shared)
  if (!testApp.database.url) throw new Error('the two-process test needs TEST_DATABASE_URL')
  // The in-process app only sets up accounts: once its start-up runs are over, it leaves the jobs to the processes.
  const ownLocks = jobLocksOf(testApp.app)
  const deadline = Date.now() + 10_000
  while (ownLocks.held().length < Object.keys(JOB_LOCK_IDS).length && Date.now() < deadline) await pause(50)
  await ownLocks.close()

  // Work for two of the jobs to find at start-up: a guest whose 24 hours are over, a plan whose period has ended.
  const db = testApp.app.database.db
  const [guest] = await db
    .insert(guests)
    .values({ expiresAt: new Date(Date.now() - 60_000) })
    .returning({ id: guests.id })
  expiredGuestId = guest?.id ?? ''
  const member = await createMember(testApp, 'BASEUSER', { subscriptionTier: 'BASIC' })
  const [plan] = await db
    .insert(subscriptions)
    .values({
      userId: member.id,
      tier: 'BASIC',
      billing: 'MONTHLY',
      startDate: new Date(Date.now() - 31 * 24 * 3600_000),
      endDate: new Date(Date.now() - 60_000),
    })
    .returning({ id: subscriptions.id })
  endedPlanId = plan?.id ?? ''

  // Started together, as a deployment starts its replicas: both reach their first job runs at about the same time.
  ;[a, b] = await Promise.all([startInstance(testApp.database.url), startInstance(testApp.database.url)])
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await testApp?.close()
  await s3?.stop()
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
  const redis = new Redis(redisUrl)
  try {
    const keys = await redis.keys(`keydesk-rate-limit:*${subnet}.*`)
    if (keys.length > 0) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
})

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function eventually<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`)
    await pause(100)
  }
}

/** Each call comes from an address of its own, so only the rate-limit test shares one. */
const post = (instance: ServerProcess, url: string, headers: Record<string, string>, body: unknown, raw = false) =>
  postTo(instance, url, { 'x-forwarded-for': clientIp(), ...headers }, body, raw)

/** The processes' log lines (pino JSON) with this message. */
const logLines = (instance: ServerProcess, message: string) =>
  instance
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(message))

/**
 * A server writes its log lines in batches, at most LOG_BATCH.maxWaitMs after they were logged: a check that a line is
 * absent, or that there is only one, waits that long twice over first, so a line still in a batch is not missed.
 */
const linesWritten = () => pause(2 * LOG_BATCH.maxWaitMs)

const jobTaken = (name: JobName) => `"msg":"periodic job ${name} runs on this process"`

describe('two API processes with one PostgreSQL, one Redis and one S3 bucket', () => {
  it('serve, through process B, the ID image a member uploaded with their sign-up through process A', async () => {
    const { form, email } = await registrationForm()
    const registered = await fetch(`${a.baseUrl}/api/auth/register`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': clientIp() },
    })
    expect(registered.status).toBe(201)
    const [frontId] = await testApp.app.database.db
      .select({ id: files.id, key: files.storageKey, ownerUserId: files.ownerUserId })
      .from(files)
      .innerJoin(users, eq(files.ownerUserId, users.id))
      .where(and(eq(users.email, email), eq(files.purpose, 'FRONT_ID')))
    if (!frontId) throw new Error('the sign-up stored no front ID')

    const admin = await createMember(testApp, 'ADMIN')
    const image = await fetch(`${b.baseUrl}/api/files/${frontId.id}`, { headers: admin.auth })
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer())).toEqual(await pngImage())

    // The bytes are in the bucket, and in neither process's own folder.
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/${frontId.key}`)).status).toBe(200)
    for (const dir of dataDirs) expect(await readdir(dir)).not.toContain('uploads')
    // Another member cannot read it through either process.
    const stranger = await createMember(testApp, 'BASEUSER')
    expect((await fetch(`${a.baseUrl}/api/files/${frontId.id}`, { headers: stranger.auth })).status).toBe(404)
    console.log('two processes: a sign-up document written through A was read by an admin through B from the S3 bucket')
  })

  it("carry a member's chat message from A to an admin's stream on B", async () => {
    const member = await createMember(testApp, 'BASEUSER', { trialEndsAt: new Date(Date.now() + 3 * 24 * 3600_000) })
    const agent = await createMember(testApp, 'ADMIN')
    const agentStream = await openStream(b.baseUrl, agent.auth)
    expect(agentStream.status).toBe(200)
    const since = Date.now()
    expect((await post(a, '/api/chat/send', member.auth, { message: 'from process A to process B' })).status).toBe(201)
    console.log(`two processes: chat message A → B in ${await arrivalMs(agentStream, 'from process A to process B', since)} ms`)
  })

  it("carry order-status events both ways: a payment on A to the owner's stream on B, an admin's change on B to the stream on A", async () => {
    const owner = await createMember(testApp, 'BASEUSER')
    const admin = await createMember(testApp, 'ADMIN')
    const onB = await openStream(b.baseUrl, owner.auth, '/api/vehicle/user-requests/stream')
    const onA = await openStream(a.baseUrl, owner.auth, '/api/vehicle/user-requests/stream')
    expect([onA.status, onB.status]).toEqual([200, 200])
    await addRequestsToCart(testApp, 1, owner.auth)
    const { sessionId } = (await checkout(testApp, 6000, owner.auth)).json() as { sessionId: string }
    const event = signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 6000))

    let since = Date.now()
    expect((await post(a, '/api/api/payments/webhook', { 'stripe-signature': event.signature }, event.payload, true)).status).toBe(200)
    const requestId = (await findTransaction(testApp, sessionId)).items[0]?.vehicleRequestId ?? ''
    const paidMs = await arrivalMs(onB, JSON.stringify({ requestId, status: 'PENDING' }), since)

    since = Date.now()
    expect((await post(b, `/api/admin/update-request-status/${requestId}`, admin.auth, {})).status).toBe(200)
    const startedMs = await arrivalMs(onA, JSON.stringify({ requestId, status: 'INPROGRESS' }), since)
    console.log(`two processes: order status PENDING A → B in ${paidMs} ms, INPROGRESS B → A in ${startedMs} ms`)
  })

  it('count one rate limit together: the sixth support message from one address in 15 minutes is refused, whichever process takes it', async () => {
    const address = clientIp()
    const statuses: number[] = []
    for (let call = 0; call < 8; call++) {
      const answer = await post(
        call % 2 === 0 ? a : b,
        '/api/support/contact',
        { 'x-forwarded-for': address },
        { name: 'Pat', email: 'pat@example.com', subject: 'Two processes', message: `call ${call + 1}` },
      )
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
  })

  it('run each periodic job on exactly one of them, and the work of each run is done once', async () => {
    const owners = {} as Record<JobName, ServerProcess[]>
    for (const name of Object.keys(JOB_LOCK_IDS) as JobName[]) {
      // Every job ran once soon after start-up on whichever process took its lock first.
      owners[name] = await eventually(`a process takes ${name}`, () => {
        const found = [a, b].filter((instance) => logLines(instance, jobTaken(name)).length > 0)
        return found.length > 0 ? found : undefined
      })
      expect(owners[name], `${name} is run by exactly one process`).toHaveLength(1)
    }

    // PostgreSQL agrees: one session holds each job's lock (the in-process app let its own go before the start).
    const handle = testApp.app.database
    if (handle.kind !== 'postgres') throw new Error('the two-process test needs TEST_DATABASE_URL')
    const { rows } = await handle.pool.query<{ objid: number; holders: string }>(
      // pg_locks lists the whole server: only this test's database counts.
      "select objid, count(*) as holders from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and classid = $1 and objsubid = 2 and granted group by objid",
      [JOB_LOCK_SPACE],
    )
    expect(Object.fromEntries(rows.map((row) => [Number(row.objid), Number(row.holders)]))).toEqual(
      Object.fromEntries(Object.values(JOB_LOCK_IDS).map((id) => [id, 1])),
    )

    // The runs did their work, each on one process: the expired guest is gone, the ended plan expired, the
    // support mails queued by the previous test were sent, and only by the process that holds the mail job.
    const db = testApp.app.database.db
    await eventually(
      'the expired guest is swept',
      async () => (await db.select().from(guests).where(eq(guests.id, expiredGuestId))).length === 0,
    )
    await eventually('the ended plan is expired', async () => {
      const [plan] = await db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, endedPlanId))
      return plan?.status === 'EXPIRED'
    })
    await linesWritten()
    expect(logLines(owners['guest-sweep'][0] as ServerProcess, 'guest sweep: 1 expired guests removed')).toHaveLength(1)
    expect(logLines(owners['subscription-expiry'][0] as ServerProcess, 'subscription expiry: 1 plans ended')).toHaveLength(1)
    for (const instance of [a, b]) {
      if (instance !== owners['guest-sweep'][0]) expect(logLines(instance, 'guest sweep:')).toEqual([])
      if (instance !== owners['subscription-expiry'][0]) expect(logLines(instance, 'subscription expiry:')).toEqual([])
    }
    await eventually('the support mails are sent', async () => {
      const pending = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'PENDING'))
      return pending.length === 0
    })
    const mailer = owners['mail-outbox'][0] as ServerProcess
    const other = mailer === a ? b : a
    await linesWritten()
    expect(logLines(mailer, 'mail delivered to the log transport').length).toBeGreaterThanOrEqual(5)
    expect(logLines(other, 'mail delivered to the log transport')).toEqual([])
    const where = (name: JobName) => (owners[name][0] === a ? 'A' : 'B')
    console.log(
      `two processes: ${(Object.keys(JOB_LOCK_IDS) as JobName[]).map((name) => `${name} on ${where(name)}`).join(', ')}; one lock holder per job in pg_locks`,
    )
  })

  it('hand the mail job of a process killed with -9 to the other at its next tick (every 2 s)', async () => {
    const mailer = logLines(a, jobTaken('mail-outbox')).length > 0 ? a : b
    const survivor = mailer === a ? b : a
    expect(logLines(survivor, jobTaken('mail-outbox'))).toEqual([])
    // No shutdown code runs: PostgreSQL frees the locks when the dead process's connection ends.
    const killedAt = Date.now()
    mailer.child.kill('SIGKILL')
    await mailer.exited
    await eventually('the surviving process takes the mail job', () => logLines(survivor, jobTaken('mail-outbox')).length === 1)
    const takenMs = Date.now() - killedAt

    await linesWritten()
    const sent = logLines(survivor, 'mail delivered to the log transport').length
    expect(
      (
        await post(
          survivor,
          '/api/support/contact',
          {},
          { name: 'Sam', email: 'sam@example.com', subject: 'After the stop', message: 'still delivered' },
        )
      ).status,
    ).toBe(201)
    await eventually('the survivor sends the new mail', () => logLines(survivor, 'mail delivered to the log transport').length > sent)
    console.log(`two processes: the mail job moved to the surviving process ${takenMs} ms after the other was killed with -9`)
  })
})
