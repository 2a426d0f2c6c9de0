import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { MESSAGES } from '@keydesk/contracts/messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app.ts'

let distDir: string
let testApp: TestApp

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-dist-'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Keydesk</title><div id="root"></div>')
  await writeFile(path.join(distDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("keydesk")')
  testApp = await createTestApp({ WEB_DIST_DIR: distDir, CORS_ORIGINS: 'https://app.keydesk.test' })
})

afterAll(async () => {
  await testApp.close()
  await rm(distDir, { recursive: true, force: true })
})

describe('health', () => {
  it('answers ok after checking the database', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/health' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ status: 'ok', database: 'ok' })
  })
})

describe('web app', () => {
  it("serves index.html for an unknown path (docs/product.md, 'Screens and routes (web)': unknown paths fall back to home)", async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/some/unknown/path' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/text\/html/)
    expect(answer.body).toContain('<div id="root">')
    expect(answer.headers['cache-control']).toBe('no-cache')
  })

  it('serves index.html for a client route such as /admin/registered-users', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/admin/registered-users' })
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toContain('<div id="root">')
  })

  it('caches hashed assets for a year', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers an unknown API path with a JSON 404 in the error shape', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/nope' })
    expect(answer.statusCode).toBe(404)
    expect(answer.headers['content-type']).toMatch(/application\/json/)
    expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'Route GET /api/nope not found', error: 'Route GET /api/nope not found' })
  })

  it('sends security headers with every answer: page, API answer and error', async () => {
    for (const url of ['/', '/api/health', '/api/nope']) {
      const answer = await testApp.app.inject({ method: 'GET', url })
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'")
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['referrer-policy']).toBe('no-referrer')
    }
  })
})

describe('CORS', () => {
  it('allows a listed origin with credentials', async () => {
    const answer = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://app.keydesk.test', 'access-control-request-method': 'POST' },
    })
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.keydesk.test')
    expect(answer.headers['access-control-allow-credentials']).toBe('true')
  })

  it('never allows an unlisted origin, and never answers with a wildcard', async () => {
    const answer = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(answer.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('refuses a state-changing call from a foreign origin', async () => {
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/health', headers: { origin: 'https://evil.example' } })
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ code: 'FORBIDDEN', error: MESSAGES.crossSiteRefused })
  })
})

describe('logs', () => {
  it('never contain a credential sent in headers, cookies or the query string', async () => {
    const secret = 'S3cr3t-value-that-must-not-leak'
    await testApp.app.inject({
      method: 'GET',
      url: `/api/health?password=${secret}&token=${secret}`,
      headers: { authorization: `Bearer ${secret}`, cookie: `access_token=${secret}; refresh_token=${secret}` },
    })
    expect(testApp.logs()).toContain('/api/health')
    expect(testApp.logs()).not.toContain(secret)
  })

  it('write one line per answer, with the request, the status and the time taken', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/health?probe=one-line', remoteAddress: '10.9.8.7' })
    const lines = testApp
      .logs()
      .split('\n')
      .filter((line) => line.includes('probe=one-line'))
      .map((line) => JSON.parse(line))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health?probe=one-line', remoteAddress: '10.9.8.7' },
      res: { statusCode: answer.statusCode },
    })
    expect(lines[0].reqId).toEqual(expect.any(String))
    expect(lines[0].responseTime).toEqual(expect.any(Number))
    expect(testApp.logs()).not.toContain('incoming request')
  })
})

describe('health when the database is away', () => {
  it('answers 503 with database unreachable', async () => {
    const broken = await createTestApp()
    // Not awaited: on PostgreSQL the pool only finishes ending once the app releases its LISTEN connection.
    const closing = broken.database.handle.close()
    const answer = await broken.app.inject({ method: 'GET', url: '/api/health' })
    expect(answer.statusCode).toBe(503)
    expect(answer.json()).toEqual({ status: 'error', database: 'unreachable' })
    await broken.close()
    await closing
  })
})
