import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEV_SUPER_ADMIN } from '../config.ts'
import { LOG_BATCH } from '../logger.ts'
import { openStream } from '../test/event-stream.ts'
import { keycodeRequestForm, validVin } from '../test/requests.ts'
import { findFreePort, spawnServer, startServer } from '../test/server-process.ts'
import { startSlowUpload } from '../test/slow-upload.ts'
import { registerMember } from '../test/write-load.ts'

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-server-'))
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const databaseEnv = (): Record<string, string> =>
  process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATA_DIR: dataDir } : { DATA_DIR: dataDir }

/** A raw keep-alive connection, to hold a request in flight or send one after shutdown began. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let received = ''
  socket.on('data', (chunk) => {
    received += chunk.toString()
  })
  const closed = new Promise((resolve) => socket.once('close', resolve))
  return { socket, closed, received: () => received }
}

describe('server process', () => {
  it('stops at start-up with a list of what is wrong in the configuration', async () => {
    const { output, exited } = await spawnServer({ PORT: 'eighty', DATABASE_URL: 'nonsense', DATA_DIR: dataDir })
    expect(await exited).toBe(1)
    expect(output()).toContain('Keydesk cannot start. Invalid configuration:')
    expect(output()).toContain('PORT')
    expect(output()).toContain('DATABASE_URL')
  })

  it('refuses to start in production on development secrets', async () => {
    const { output, exited } = await spawnServer({ NODE_ENV: 'production', DATA_DIR: dataDir })
    expect(await exited).toBe(1)
    expect(output()).toContain('JWT_SECRET')
  })

  it('keeps its data across a restart', async () => {
    const email = `restart-${Date.now()}@example.com`
    const first = await startServer(databaseEnv())
    const created = await fetch(`${first.baseUrl}/api/admin-registration-code/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, firstName: 'Re', lastName: 'Start' }),
    })
    expect(created.status).toBe(200)
    expect(await first.stop()).toBe(0)
    const second = await startServer(databaseEnv())
    // The development super admin created on the first start still signs in, and the code row is still there
    // (a fourth request for the same address within 15 minutes would be refused only if the first survived).
    const signIn = await fetch(`${second.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEV_SUPER_ADMIN.email, password: DEV_SUPER_ADMIN.password }),
    })
    expect(signIn.status).toBe(200)
    const requestAgain = () =>
      fetch(`${second.baseUrl}/api/admin-registration-code/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, firstName: 'Re', lastName: 'Start' }),
      })
    expect((await requestAgain()).status).toBe(200)
    expect((await requestAgain()).status).toBe(200)
    expect((await requestAgain()).status).toBe(429)
    expect(await second.stop()).toBe(0)
    // Two cold starts of a real server on a fresh PGlite (12 s alone), which the rest of the suite running beside it
    // slowed to 23-38 s each on a loaded 2-core machine.
  }, 150_000)

  it('has written its start-up lines by the time it answers its first request', async () => {
    const port = await findFreePort()
    const server = await spawnServer({ ...databaseEnv(), PORT: String(port) })
    try {
      // Asked every few milliseconds, so the first answer comes well before a batch's deadline would write the lines.
      await vi.waitFor(
        async () => {
          if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`)
          expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
        },
        { timeout: 60_000, interval: 5 },
      )
      expect(server.output()).toMatch(/"msg":"Server listening at/)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }, 90_000)

  it("writes an answer's log line within a fraction of a second while it runs, and the last lines as it exits", async () => {
    const server = await startServer(databaseEnv())
    try {
      const before = server.output().length
      expect((await fetch(`${server.baseUrl}/api/pricing`)).status).toBe(200)
      const answeredAt = Date.now()
      // Lines are written in batches of 4 KB; this one line of a few hundred bytes is written by the batch's deadline.
      await vi.waitFor(() => expect(server.output().slice(before)).toMatch(/"url":"\/api\/pricing".*"request completed"/), {
        timeout: 20 * LOG_BATCH.maxWaitMs,
        interval: 10,
      })
      console.log(`one answer's log line written ${Date.now() - answeredAt} ms after the answer (batch deadline ${LOG_BATCH.maxWaitMs} ms)`)
      const last = await fetch(`${server.baseUrl}/api/health`)
      expect(last.status).toBe(200)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(server.output()).toMatch(/"url":"\/api\/health".*"request completed"[^\n]*\n(.*\n)*.*"signal":"SIGTERM"/)
    } finally {
      await server.stop()
    }
  }, 90_000)

  it('on SIGTERM finishes the in-flight request, answers requests that arrive meanwhile 503 in the error shape and exits promptly', async () => {
    const server = await startServer(databaseEnv())
    const inFlight = await connect(server.port)
    const idle = await connect(server.port)
    // The body arrives in two parts, so the request is still in flight when SIGTERM lands.
    inFlight.socket.write(
      'POST /api/nope HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"in":',
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))

    const onNewConnection = await fetch(`${server.baseUrl}/api/pricing`)
    expect(onNewConnection.status).toBe(503)
    expect(await onNewConnection.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) })
    // The health check too: a load balancer reads 503 and stops sending traffic here (it used to be a 500).
    const health = await fetch(`${server.baseUrl}/api/health`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) })
    idle.socket.write('GET /api/pricing HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await idle.closed
    expect(idle.received()).toMatch(/^HTTP\/1\.1 503/)

    inFlight.socket.write('"flight"}')
    await inFlight.closed
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 404/)
    expect(await server.exited).toBe(0)
    expect(Date.now() - signalledAt).toBeLessThan(10_000)
    await expect(connect(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  }, 90_000)

  it('under npm start finishes its drain through a second Ctrl-C, and exits 0', async () => {
    const server = await startServer(databaseEnv(), undefined, undefined, { startScript: true })
    try {
      const inFlight = await connect(server.port)
      inFlight.socket.write(
        'POST /api/nope HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"in":',
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      // A terminal's Ctrl-C signals its whole foreground process group, the start script's; pressed twice here.
      const scriptGroup = -(server.child.pid as number)
      const ctrlC = () => process.kill(scriptGroup, 'SIGINT')
      const signalledAt = Date.now()
      ctrlC()
      await new Promise((resolve) => setTimeout(resolve, 300))
      ctrlC()
      await new Promise((resolve) => setTimeout(resolve, 300))

      const late = await fetch(`${server.baseUrl}/api/pricing`)
      expect(late.status).toBe(503)
      inFlight.socket.write('"flight"}')
      await inFlight.closed
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 404/)
      expect(await server.exited).toBe(0)
      const shutdownLines = server.output().match(/"signal":"SIGINT"/g) ?? []
      expect(shutdownLines).toHaveLength(1)
      expect(server.output()).not.toContain('second SIGINT')
      console.log(
        `npm start, Ctrl-C twice during a drain: the request in flight answered ${inFlight.received().slice(9, 12)}, a new one ${late.status}; ` +
          `${shutdownLines.length} shutdown line; exit 0 after ${Date.now() - signalledAt} ms`,
      )
    } finally {
      await server.stop()
    }
  }, 90_000)

  it('exits 1 when the requests in flight outlast SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServer({ ...databaseEnv(), SHUTDOWN_TIMEOUT_MS: '1500' })
    const inFlight = await connect(server.port)
    // Never finished: the body's second part is not sent.
    inFlight.socket.write(
      'POST /api/nope HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 15\r\n\r\n{"in":',
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(1)
    const exitedAfterMs = Date.now() - signalledAt
    expect(exitedAfterMs).toBeGreaterThanOrEqual(1500)
    expect(server.output()).toContain('in-flight requests did not finish in time')
    console.log(`SHUTDOWN_TIMEOUT_MS=1500 and a request never finished: exit 1 after ${exitedAfterMs} ms`)
    inFlight.socket.destroy()
  }, 90_000)

  it('on SIGTERM under load finishes every in-flight request with 2xx, refuses new ones with 503, closes the SSE stream and exits promptly', async () => {
    const server = await startServer(databaseEnv())
    const token = await registerMember(server.baseUrl)
    const auth = { authorization: `Bearer ${token}` }
    const trial = await fetch(`${server.baseUrl}/api/trial/start`, { method: 'POST', headers: auth })
    expect(trial.status).toBe(200)
    const stream = await openStream(server.baseUrl, auth)
    expect(stream.status).toBe(200)
    await stream.waitFor(': connected')
    const form = (index: number) => keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(200000 + index)) })
    const inFlight = await Promise.all(
      Array.from({ length: 8 }, async (_, index) =>
        startSlowUpload(server.baseUrl, '/api/vehicle/request-keycode-public', await form(index), auth),
      ),
    )

    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    const streamClosedAfterMs = stream.ended.then(() => Date.now() - signalledAt)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const late = await Promise.all(
      Array.from({ length: 10 }, async (_, index) =>
        fetch(`${server.baseUrl}/api/vehicle/request-keycode-public`, {
          method: 'POST',
          body: await form(100 + index),
          headers: auth,
        }).then(
          (answer) => String(answer.status),
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? 'refused',
        ),
      ),
    )
    expect(late).toEqual(Array(10).fill('503'))

    const finished = await Promise.all(inFlight.map((upload) => upload.finish()))
    expect(finished).toEqual(Array(8).fill(201))
    expect(await server.exited).toBe(0)
    const exitedAfterMs = Date.now() - signalledAt
    console.log(
      `SIGTERM under load: ${finished.length} in-flight uploads answered ${finished.join(',')}; ${late.length} new requests: ${late.join(',')}; ` +
        `SSE stream closed after ${await streamClosedAfterMs} ms; exit 0 after ${exitedAfterMs} ms`,
    )
    expect(exitedAfterMs).toBeLessThan(10_000)
  }, 90_000)
})
