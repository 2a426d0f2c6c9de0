import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pngImage } from '../../test/images.ts'
import { HONDA_2016_VIN } from '../../test/requests.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'

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

/** A guest's keycode request with three photos, as the browser sends it. */
async function guestRequestBody() {
  const boundary = 'keydesk-aborted-upload'
  const photo = await pngImage()
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const file = (name: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      photo,
      Buffer.from('\r\n'),
    ])
  const body = Buffer.concat([
    Buffer.from(field('make', 'Honda') + field('model', 'Civic') + field('year', '2016') + field('vin', HONDA_2016_VIN)),
    file('frontId'),
    file('registration'),
    file('licenseFront'),
    file('licenseBack'),
    Buffer.from(`--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('a client that goes away mid-request', () => {
  it('is logged as a client that closed its connection, never as the database being unreachable', async () => {
    const { body, contentType } = await guestRequestBody()
    const socket = net.connect(port, '127.0.0.1')
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.on('error', () => undefined)
    socket.write(
      `POST /api/vehicle/request-keycode-public HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    socket.write(body.subarray(0, Math.floor(body.length / 2)))
    await new Promise((resolve) => setTimeout(resolve, 200))
    socket.destroy()
    await closed
    await vi.waitFor(() => expect(testApp.logs()).toMatch(/client closed the connection before its request was read/), { timeout: 5000 })
    expect(testApp.logs()).not.toMatch(/database unreachable/)
    expect(testApp.logs()).not.toMatch(/"level":50/)
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
  })
})
