import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { SLOW_CLIENT_LIMITS } from './slow-clients.ts'

let testApp: TestApp
let port: number

beforeAll(async () => {
  testApp = await createTestApp()
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  port = (testApp.app.server.address() as AddressInfo).port
})

afterAll(async () => {
  await testApp.close()
})

const answers = new WeakMap<net.Socket, string>()
const connectionAnswer = (socket: net.Socket) => answers.get(socket) ?? ''

/** Opens a raw connection and resolves, when the server ends it, with what it answered and after how long. */
function connect() {
  const socket = net.connect(port, '127.0.0.1')
  const startedAt = Date.now()
  let answer = ''
  socket.on('data', (chunk) => {
    answer += chunk.toString()
    answers.set(socket, answer)
  })
  const ended = new Promise<{ answer: string; afterMs: number }>((resolve) => {
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - startedAt }))
    socket.on('error', () => undefined)
  })
  return { socket, ended }
}

const headers = (length: number) =>
  `POST /api/support/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

describe('slow clients', () => {
  it('cuts off a body trickled a byte a second within two windows, without an answer', async () => {
    const { socket, ended } = connect()
    socket.write(headers(10_000))
    const trickle = setInterval(() => socket.writable && socket.write('x'), 1_000)
    const { answer, afterMs } = await ended
    clearInterval(trickle)
    expect(answer).toBe('')
    expect(afterMs).toBeLessThanOrEqual(2 * SLOW_CLIENT_LIMITS.bodyWindowMs + 1_000)
  }, 30_000)

  it('cuts off a client that never finishes its headers', async () => {
    const { socket, ended } = connect()
    socket.write('POST /api/support/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 1_000)
    const { afterMs } = await ended
    clearInterval(trickle)
    expect(afterMs).toBeLessThanOrEqual(SLOW_CLIENT_LIMITS.headersTimeoutMs + SLOW_CLIENT_LIMITS.checkIntervalMs + 1_000)
  }, 30_000)

  it('lets a slow phone upload finish: 300 KB at 40 KB/s is answered', async () => {
    const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', subject: 'Upload', message: 'x'.repeat(300 * 1024) })
    const { socket, ended } = connect()
    socket.write(headers(Buffer.byteLength(body)))
    for (let offset = 0; offset < body.length; offset += 4 * 1024) {
      socket.write(body.slice(offset, offset + 4 * 1024))
      await sleep(100)
    }
    await vi.waitFor(() => expect(connectionAnswer(socket)).toMatch(/^HTTP\/1\.1 (400|413) /), { timeout: 5_000 })
    socket.destroy()
    const { answer } = await ended
    expect(answer).toMatch(/^HTTP\/1\.1 (400|413) /)
  }, 30_000)
})
