import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config.ts'
import { BREACH_CHECK_TIMEOUT_MS, breachedPasswordProblem } from './breached-passwords.ts'

/**
 * New passwords are checked against breached ones (NIST SP 800-63B): the local list always, and a k-anonymity range
 * service when one is configured (production's default), here a stand-in on 127.0.0.1 that knows one password.
 */
const BREACHED = 'Rusty-Hinge-Garage-1987'
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase()
const log = pino({ level: 'silent' })
let server: http.Server
let baseUrl: string
const asked: string[] = []
let behaviour: 'answer' | 'hang' | 'fail' = 'answer'

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const prefix = (request.url ?? '').split('/').at(-1) ?? ''
    asked.push(prefix)
    if (behaviour === 'hang') return
    if (behaviour === 'fail') return response.writeHead(503).end()
    const known = sha1(BREACHED)
    const lines = ['0018A45C4D1DEF81644B54AB7F969B88D65:0', `${'F'.repeat(35)}:3`]
    if (known.startsWith(prefix)) lines.push(`${known.slice(5)}:41`)
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const portsWith = (rangeUrl: string | undefined) => ({ config: loadConfig({ BREACHED_PASSWORDS_RANGE_URL: rangeUrl }), log })

describe('the breached-password check', () => {
  it('refuses a password of the local list, in any case, with no service configured', async () => {
    const ports = portsWith(undefined)
    expect(ports.config.breachedPasswordsRangeUrl).toBeNull()
    for (const password of ['football', 'Trustno1', 'iloveyou'])
      expect(await breachedPasswordProblem(ports, password)).toBe(ACCOUNT_MESSAGES.commonPassword)
    expect(await breachedPasswordProblem(ports, 'Lockpick-Lantern-42')).toBeNull()
  })

  it('asks the range service with the first 5 characters of the SHA-1 only, and refuses a password it knows', async () => {
    behaviour = 'answer'
    asked.length = 0
    const ports = portsWith(baseUrl)
    expect(await breachedPasswordProblem(ports, BREACHED)).toBe(ACCOUNT_MESSAGES.breachedPassword)
    expect(await breachedPasswordProblem(ports, 'Lockpick-Lantern-42')).toBeNull()
    expect(asked).toEqual([sha1(BREACHED).slice(0, 5), sha1('Lockpick-Lantern-42').slice(0, 5)])
  })

  it('goes on with the local list when the service hangs or fails: never longer than its timeout', async () => {
    const ports = portsWith(baseUrl)
    for (const mode of ['hang', 'fail'] as const) {
      behaviour = mode
      const started = performance.now()
      expect(await breachedPasswordProblem(ports, BREACHED)).toBeNull()
      expect(await breachedPasswordProblem(ports, 'football')).toBe(ACCOUNT_MESSAGES.commonPassword)
      expect(performance.now() - started).toBeLessThan(BREACH_CHECK_TIMEOUT_MS + 1000)
    }
    behaviour = 'answer'
  })

  it('asks Have I Been Pwned in production unless told otherwise, and nothing with off', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://keys.example.com',
      JWT_SECRET: 'x'.repeat(48),
      KEYCODE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      BOOTSTRAP_SUPER_ADMIN_EMAIL: 'op@keys.example.com',
      BOOTSTRAP_SUPER_ADMIN_PASSWORD: 'Lockpick-Lantern-42-Op',
    }
    expect(loadConfig(production).breachedPasswordsRangeUrl).toBe('https://api.pwnedpasswords.com/range/')
    expect(loadConfig({ ...production, BREACHED_PASSWORDS_RANGE_URL: 'off' }).breachedPasswordsRangeUrl).toBeNull()
  })
})
