import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn } from '../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { testClock } from '../../test/test-clock.ts'
import { ACCESS_TOKEN_TTL_SECONDS } from './auth.ts'

let testApp: TestApp
const clock = testClock()

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

const me = (headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers })

describe("identity from the bearer header and the session cookie (docs/product.md, 'Conventions')", () => {
  it('serves a call whose Authorization header is malformed or holds an invalid token as the user of a valid session cookie', async () => {
    const member = await registerAndSignIn(testApp)
    const expired =
      'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJhY2Nlc3MiLCJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJleHAiOjF9.c2lnbmF0dXJl'
    for (const authorization of ['Bearer undefined', 'Bearer null', 'Bearer ', 'Bearer', 'Basic dXNlcjpwYXNz', `Bearer ${expired}`]) {
      const answer = await me({ ...member.headers, authorization })
      expect(answer.statusCode, authorization).toBe(200)
      expect(answer.json().user.id, authorization).toBe(member.id)
    }
  })

  it('lets a valid bearer win over the session cookie of another user', async () => {
    const [bearerUser, cookieUser] = await Promise.all([registerAndSignIn(testApp), registerAndSignIn(testApp)])
    const answer = await me({ ...cookieUser.headers, authorization: `Bearer ${bearerUser.cookies.access_token}` })
    expect(answer.json().user.id).toBe(bearerUser.id)
  })

  it('still answers 401 when neither the bearer nor the cookie is valid', async () => {
    const answer = await me({ authorization: 'Bearer undefined', cookie: 'access_token=null' })
    expect(answer.statusCode).toBe(401)
  })
})

describe('a token verified once is remembered only as long as it is valid', () => {
  it("refuses an access token at its expiry on the app's clock although it was accepted before", async () => {
    const member = await registerAndSignIn(testApp)
    const bearer = { authorization: `Bearer ${member.cookies.access_token}` }
    expect((await me(bearer)).statusCode).toBe(200)
    clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000)
    expect((await me(bearer)).statusCode).toBe(200)
    clock.advance(1000)
    expect((await me(bearer)).statusCode).toBe(401)
  })

  it("refuses a token the first time it is seen once the app's clock is past its expiry", async () => {
    const member = await registerAndSignIn(testApp)
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000)
    expect((await me({ authorization: `Bearer ${member.cookies.access_token}` })).statusCode).toBe(401)
  })

  it('refuses a remembered token as soon as its sessions end', async () => {
    const member = await registerAndSignIn(testApp)
    const bearer = { authorization: `Bearer ${member.cookies.access_token}` }
    expect((await me(bearer)).statusCode).toBe(200)
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: member.headers })
    expect(logout.statusCode).toBe(200)
    expect((await me(bearer)).statusCode).toBe(401)
  })

  it('never accepts a token whose signature was changed after the genuine one was accepted', async () => {
    const member = await registerAndSignIn(testApp)
    const token = member.cookies.access_token as string
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200)
    const lastChar = token.at(-2) === 'A' ? 'B' : 'A'
    const forged = `${token.slice(0, -2)}${lastChar}${token.at(-1)}`
    expect((await me({ authorization: `Bearer ${forged}` })).statusCode).toBe(401)
  })
})

describe('admin powers are decided in one place (decision 018)', () => {
  it('no production file outside plugins/app/auth.ts tells an admin by its role alone', () => {
    const srcDir = fileURLToPath(new URL('../..', import.meta.url))
    const offenders = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/') && file !== 'plugins/app/auth.ts')
      .filter((file) => /hasAdminStatus\(|role === 'ADMIN'|role !== 'ADMIN'/.test(readFileSync(`${srcDir}/${file}`, 'utf8')))
    expect(offenders, 'use actsAsAdmin (or requireRole), which holds the second-factor rule').toEqual([])
  })
})

describe('the guard runs before validation', () => {
  const invalidQuery = 'limit=-1&offset=x&before=-5&from=0000-01-01&tier=nope&search=%00'
  const invalidBody = JSON.stringify({ rows: 'nope', text: 5, email: 'x\u0000', tier: { $gt: '' } })
  /** Every route with its parameters, query and JSON body all invalid. */
  const invalidCall = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: route.method as 'GET',
      url: `${route.url.replace(/:[A-Za-z]+/g, 'not-a-uuid')}?${invalidQuery}`,
      ...(route.method === 'GET' || route.method === 'DELETE'
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, payload: invalidBody }),
    })

  it("answers a visitor 401 on every route that needs an account, whatever the call's body and query", async () => {
    const guarded = testApp.app.routeTable.filter((route) => route.access && !['public', 'guest'].includes(String(route.access.callers)))
    expect(guarded.length).toBeGreaterThan(50)
    const answers = await Promise.all(guarded.map(async (route) => `${route.method} ${route.url} ${(await invalidCall(route)).statusCode}`))
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([])
  })

  it('answers a member 403 on a back-office route, whatever the call\u2019s body and query', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await invalidCall({ method: 'POST', url: '/api/admin/process-request' }, member.headers)
    expect(answer.statusCode).toBe(403)
  })
})
