import { Writable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { scanForSecrets } from './secret-scan.ts'

let app: FastifyInstance | undefined

afterEach(async () => {
  await app?.close()
})

/** A small app whose routes misbehave on purpose, with its log lines captured as the test app captures them. */
async function leakyApp(env: Record<string, string> = {}) {
  let logs = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString()
      done()
    },
  })
  app = Fastify({ logger: { level: 'info', stream } })
  const scan = scanForSecrets(app, env)
  app.post('/api/echo', async (request) => request.body)
  app.post('/api/log', async (request) => {
    request.log.info({ body: request.body }, 'logged the body')
    return { ok: true }
  })
  app.get('/api/vehicle/user-requests', async () => ({ keycode: 'K1234-OWNER' }))
  app.get('/api/admin/pending-requests', async () => ({ keycode: 'K1234-OWNER' }))
  app.post('/api/auth/login', async () => ({ accessToken: 'issued-token-abcdef' }))
  app.get('/api/profile', async () => ({ echoed: 'issued-token-abcdef' }))
  app.get('/api/hash', async () => ({ hash: '$argon2id$v=19$m=19456' }))
  app.post('/api/api/keycodes/creds', async () => ({ username: 'acura-login', password: 'portal-secret-1' }))
  app.get('/api/portals', async () => ({ password: 'portal-secret-1' }))
  await app.ready()
  return { scan, logs: () => logs }
}

describe('secret scan', () => {
  it('finds a password the app answers back', async () => {
    const { scan, logs } = await leakyApp()
    await app?.inject({ method: 'POST', url: '/api/echo', payload: { password: 'Correct-horse-7' } })
    expect(scan.findLeaks(logs()).leaks).toEqual(['password "Correct-horse-7" in the answer to POST /api/echo'])
  })

  it('finds a password written to a log line', async () => {
    const { scan, logs } = await leakyApp()
    await app?.inject({ method: 'POST', url: '/api/log', payload: { user: { newPassword: 'Correct-horse-7' } } })
    expect(scan.findLeaks(logs()).leaks).toEqual([expect.stringMatching(/^password "Correct-horse-7" in a log line: /)])
  })

  it('allows a keycode in the owner’s requests and finds it anywhere else', async () => {
    const { scan, logs } = await leakyApp()
    await app?.inject({ method: 'POST', url: '/api/echo', payload: { ok: 1 } })
    await app?.inject({ method: 'POST', url: '/api/log', payload: { keycode: 'K1234-OWNER' } })
    await app?.inject({ method: 'GET', url: '/api/vehicle/user-requests' })
    await app?.inject({ method: 'GET', url: '/api/admin/pending-requests' })
    const leaks = scan.findLeaks(logs()).leaks
    expect(leaks).toContain('keycode "K1234-OWNER" in the answer to GET /api/admin/pending-requests')
    expect(leaks).not.toContain('keycode "K1234-OWNER" in the answer to GET /api/vehicle/user-requests')
  })

  it('allows a token in the answer that hands it out and finds it in any other', async () => {
    const { scan, logs } = await leakyApp()
    await app?.inject({ method: 'POST', url: '/api/auth/login' })
    await app?.inject({ method: 'GET', url: '/api/profile' })
    expect(scan.findLeaks(logs()).leaks).toEqual(['token "issued-token-abcdef" in the answer to GET /api/profile'])
  })

  it('finds a password hash in any answer', async () => {
    const { scan, logs } = await leakyApp()
    await app?.inject({ method: 'GET', url: '/api/hash' })
    expect(scan.findLeaks(logs()).leaks).toEqual(['a password hash in the answer to GET /api/hash'])
  })

  it("allows portal credentials only in the answer of the credentials route (docs/product.md, 'Back office': POST /api/api/keycodes/creds)", async () => {
    const { scan, logs } = await leakyApp({ KCH_ACURA_PASSWORD: 'portal-secret-1' })
    await app?.inject({ method: 'POST', url: '/api/api/keycodes/creds' })
    await app?.inject({ method: 'GET', url: '/api/portals' })
    expect(scan.findLeaks(logs()).leaks).toEqual(['portal credential "portal-secret-1" in the answer to GET /api/portals'])
  })

  it('does not search for values too common to mean anything', async () => {
    const { scan, logs } = await leakyApp()
    await app?.inject({ method: 'POST', url: '/api/echo', payload: { password: 'password', pincode: '1234' } })
    expect(scan.findLeaks(logs()).figures).toMatchObject({ secrets: 0, leaks: 0 })
  })
})
