import net from 'node:net'
import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { count } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../db/schema/files.ts'
import { vehicleRequests } from '../db/schema/ordering.ts'
import { uniqueIp } from '../test/accounts.ts'
import { heicPhoto, pngImage, webpDeclaring } from '../test/images.ts'
import { HONDA_2016_VIN } from '../test/requests.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'

/** Hostile uploads: files sent as a guest's keycode-request photos, the one upload open to visitors. */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const rows = async () => ({
  files: (await testApp.app.database.db.select({ n: count() }).from(files))[0]?.n,
  requests: (await testApp.app.database.db.select({ n: count() }).from(vehicleRequests))[0]?.n,
})

async function submit(hostile: { data: Buffer | Uint8Array; name: string; type: string }) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ make: 'Honda', model: 'Civic', year: '2016', vin: HONDA_2016_VIN })) form.append(name, value)
  const good = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' })
  form.append('frontId', new Blob([new Uint8Array(hostile.data)], { type: hostile.type }), hostile.name)
  form.append('registration', good, 'registration.png')
  form.append('licenseFront', good, 'licence-front.png')
  form.append('licenseBack', good, 'licence-back.png')
  return testApp.app.inject({ method: 'POST', url: '/api/vehicle/request-keycode-public', payload: form, remoteAddress: uniqueIp() })
}

const svgWithScript = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>')
/** A valid PNG header that declares 100,000 × 100,000 pixels: a decompression bomb if anyone tried to decode it. */
async function pixelBomb(): Promise<Buffer> {
  const png = await pngImage()
  const bomb = Buffer.from(png)
  bomb.writeUInt32BE(100_000, 16)
  bomb.writeUInt32BE(100_000, 20)
  return bomb
}

describe('hostile uploads are refused with the documented text and leave nothing behind', () => {
  const cases: [string, () => Promise<{ data: Buffer; name: string; type: string }>][] = [
    ['an SVG with a script, typed as an image', async () => ({ data: svgWithScript, name: 'front.svg', type: 'image/svg+xml' })],
    ['an SVG with a script, named and typed as a PNG', async () => ({ data: svgWithScript, name: 'front.png', type: 'image/png' })],
    [
      'a zip archive named as a photo',
      async () => ({ data: Buffer.from('504b0304140000000800', 'hex'), name: 'front.jpg', type: 'image/jpeg' }),
    ],
    [
      'an HTML page whose declared type lies',
      async () => ({ data: Buffer.from('<html><script>x()</script></html>'), name: 'front.jpg', type: 'image/jpeg' }),
    ],
  ]
  for (const [name, build] of cases) {
    it(`refuses ${name}`, async () => {
      const before = await rows()
      const answer = await submit(await build())
      expect(answer.statusCode).toBe(400)
      expect(answer.json().message).toBe('Only image files are allowed.')
      expect(await rows()).toEqual(before)
    })
  }
})

it('refuses a chosen 0-byte file with its own message, storing nothing', async () => {
  const before = await rows()
  const answer = await submit({ data: Buffer.alloc(0), name: 'front.png', type: 'image/png' })
  expect(answer.statusCode).toBe(400)
  expect(answer.json().message).toBe('The selected file is empty.')
  expect(await rows()).toEqual(before)
})

describe('image work that cannot be turned against the server (decision 017)', () => {
  it('refuses a PNG header declaring 10 billion pixels (decompression bomb) with the size rule, storing nothing', async () => {
    const before = await rows()
    const answer = await submit({ data: await pixelBomb(), name: 'front.png', type: 'image/png' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.tooManyPixels)
    expect(await rows()).toEqual(before)
  })

  it('refuses a WebP declaring 16,000 × 16,000 pixels in 38 bytes, with the size rule, storing nothing', async () => {
    const before = await rows()
    const answer = await submit({ data: await webpDeclaring(16_000, 16_000), name: 'front.webp', type: 'image/webp' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.tooManyPixels)
    expect(await rows()).toEqual(before)
  })

  it('refuses an iPhone HEIC photo saying what to send instead, storing nothing', async () => {
    const before = await rows()
    const answer = await submit({ data: await heicPhoto(), name: 'IMG_0001.HEIC', type: 'image/heic' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.heic)
    expect(await rows()).toEqual(before)
  })
})

describe('what is accepted is stored clean', () => {
  it('re-encodes an image with a script tail (polyglot), so the stored copy carries no payload', async () => {
    const tail = Buffer.from('<script>alert(1)</script>')
    const answer = await submit({ data: Buffer.concat([await pngImage(), tail]), name: 'front.png', type: 'image/png' })
    expect(answer.statusCode).toBe(201)
    const stored = await testApp.app.database.db.select().from(files)
    for (const file of stored) expect((await testApp.app.storage.get(file.storageKey)).includes(tail)).toBe(false)
    const [sample] = stored
    expect(await sharp(await testApp.app.storage.get(sample?.storageKey ?? '')).metadata()).toMatchObject({ format: 'png' })
  })

  it('never uses the sent file name: ../ and control characters do not reach the storage key', async () => {
    const answer = await submit({ data: await pngImage(), name: '../../etc/passwd\u0000\n.png', type: 'image/png' })
    expect(answer.statusCode).toBe(201)
    const stored = await testApp.app.database.db.select({ key: files.storageKey }).from(files)
    for (const file of stored) expect(file.key).toMatch(/^[0-9a-z/_.-]+$/i)
    for (const file of stored) expect(file.key).not.toContain('..')
  })
})

describe('sizes that lie', () => {
  /** A multipart body written by hand, so a part can carry headers no browser would send. */
  async function handWrittenForm(photo: { data: Buffer; headers: string }) {
    const boundary = 'keydesk-lying-size'
    const good = await pngImage()
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
    const file = (name: string, data: Buffer, extra = '') =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\n${extra}Content-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ])
    const body = Buffer.concat([
      Buffer.from(field('make', 'Honda') + field('model', 'Civic') + field('year', '2016') + field('vin', HONDA_2016_VIN)),
      file('frontId', photo.data, photo.headers),
      file('registration', good),
      file('licenseFront', good),
      file('licenseBack', good),
      Buffer.from(`--${boundary}--\r\n`),
    ])
    return { body, contentType: `multipart/form-data; boundary=${boundary}` }
  }

  it('counts the bytes of a part that declares itself small, refusing one over 5 MB and storing nothing', async () => {
    const before = await rows()
    const oversized = Buffer.concat([await pngImage(), Buffer.alloc(UPLOAD_MAX_BYTES)])
    const { body, contentType } = await handWrittenForm({ data: oversized, headers: 'Content-Length: 1024\r\n' })
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/vehicle/request-keycode-public',
      payload: body,
      headers: { 'content-type': contentType },
      remoteAddress: uniqueIp(),
    })
    expect(answer.statusCode).toBe(413)
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.tooLarge)
    expect(await rows()).toEqual(before)
  })

  it('reads no further than a request Content-Length that is shorter than the body, refusing the cut form and storing nothing', async () => {
    const before = await rows()
    const { body, contentType } = await handWrittenForm({ data: await pngImage(), headers: '' })
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const lyingLength = Math.floor(body.length / 2)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/vehicle/request-keycode-public HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${lyingLength}\r\nConnection: close\r\n\r\n`,
        )
        socket.end(body)
      })
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(await rows()).toEqual(before)
  })
})

describe('parts past what a form asks for', () => {
  const boundary = 'keydesk-many-parts'
  const emptyFields = (count: number) =>
    Buffer.from(
      `${Array.from({ length: count }, (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n\r\n`).join('')}--${boundary}--\r\n`,
    )

  it('refuses a form of 20,000 empty fields (1.2 MB) with 400 before they are parsed, storing nothing', async () => {
    const before = await rows()
    const started = performance.now()
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/vehicle/request-keycode-public',
      payload: emptyFields(20_000),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: uniqueIp(),
    })
    const ms = performance.now() - started
    console.log(`20,000 empty fields refused in ${ms.toFixed(0)} ms`)
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe(UPLOAD_MESSAGES.tooManyParts)
    expect(ms).toBeLessThan(1000)
    expect(await rows()).toEqual(before)
  })

  it('reads the rest of 6.6 MB of empty fields sent over a connection without parsing it, answering 400 at the first part past the limit', async () => {
    const body = emptyFields(90_000)
    const address = testApp.app.server.listening
      ? `http://127.0.0.1:${(testApp.app.server.address() as net.AddressInfo).port}`
      : await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = new URL(address)
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    // Settles once the answer is in and the whole body is sent: the server has read what the socket buffers cannot hold.
    const { answer, answeredMs } = await new Promise<{ answer: string; answeredMs: number }>((resolve, reject) => {
      let text = ''
      let answeredMs = 0
      let isSent = false
      const settle = () => {
        if (answeredMs === 0 || !isSent) return
        socket.destroy()
        resolve({ answer: text, answeredMs })
      }
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/vehicle/request-keycode-public HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
        )
        socket.write(body, () => {
          isSent = true
          settle()
        })
      })
      socket.on('data', (chunk) => {
        text += chunk.toString()
        const [head = '', answerBody = ''] = text.split('\r\n\r\n')
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN)
        if (answeredMs === 0 && Buffer.byteLength(answerBody) >= length) {
          answeredMs = performance.now() - started
          settle()
        }
      })
      socket.on('error', reject)
    })
    const cpu = process.cpuUsage(cpuBefore)
    const cpuMs = (cpu.user + cpu.system) / 1000
    console.log(
      `${(body.length / 1e6).toFixed(1)} MB of empty fields over a connection: 400 in ${answeredMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of CPU in all`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain(UPLOAD_MESSAGES.tooManyParts)
    expect(answeredMs).toBeLessThan(1000)
    // busboy parsing on past its limit took 0.7 s of CPU by the time the body was sent; reading and dropping, 40-70 ms.
    expect(cpuMs).toBeLessThan(400)
  })
})
