import { MESSAGES } from '@keydesk/contracts/messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../db/schema/ordering.ts'
import { registerAndSignIn, type SignedIn, signInAsBootstrapSuperAdmin, uniqueEmail, uniqueIp } from '../../test/accounts.ts'
import { paidColumns } from '../../test/paid-orders.ts'
import { keycodeRequestForm, validVin } from '../../test/requests.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, jsonWithinBounds } from './json-body.ts'

let testApp: TestApp
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  superAdmin = await signInAsBootstrapSuperAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

/** Spec clients send these calls with a JSON content type and no body, or the body `null`. */
const BODIES = ['', 'null'] as const

function send(
  method: 'POST' | 'PUT',
  url: string,
  body: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) {
  return testApp.app.inject({
    method,
    url,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
    cookies,
    remoteAddress: uniqueIp(),
  })
}

let serial = 500
async function paidRequest(owner: SignedIn) {
  serial += 1
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(serial).padStart(6, '0')) }),
    headers: owner.headers,
    remoteAddress: uniqueIp(),
  })
  const id = answer.json().id as string
  await testApp.app.database.db.update(vehicleRequests).set(paidColumns()).where(eq(vehicleRequests.id, id))
  return id
}

describe('calls that take no body, sent as application/json with an empty body or null', () => {
  it.each(BODIES)('POST /trial/start succeeds with the body %j', async (body) => {
    const member = await registerAndSignIn(testApp)
    const answer = await send('POST', '/api/trial/start?tier=BASIC', body, member.headers)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({ isActive: true, accessType: 'trial' })
  })

  it.each(BODIES)('POST /admin/update-request-status/{id} succeeds with the body %j', async (body) => {
    const owner = await registerAndSignIn(testApp)
    const id = await paidRequest(owner)
    const answer = await send('POST', `/api/admin/update-request-status/${id}`, body, superAdmin.headers)
    expect(answer.statusCode, answer.body).toBe(200)
    const [row] = await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.id, id))
    expect(row?.status).toBe('INPROGRESS')
  })

  it.each(BODIES)('PUT /keycode-user/delete succeeds with the body %j', async (body) => {
    const member = await registerAndSignIn(testApp)
    const answer = await send('PUT', '/api/keycode-user/delete', body, member.headers)
    expect(answer.statusCode, answer.body).toBe(200)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers })).statusCode).toBe(401)
  })

  it.each(BODIES)('POST /super-admin/create succeeds with the body %j', async (body) => {
    const query = new URLSearchParams({ email: uniqueEmail('super'), password: 'Temporary-Password-91' })
    const answer = await send('POST', `/api/super-admin/create?${query}`, body, superAdmin.headers)
    expect(answer.statusCode, answer.body).toBe(201)
  })

  it.each(BODIES)('POST /auth/refresh succeeds with the body %j', async (body) => {
    const member = await registerAndSignIn(testApp)
    const answer = await send('POST', '/api/auth/refresh', body, {}, { refresh_token: member.cookies.refresh_token ?? '' })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().user.id).toBe(member.id)
  })

  it.each(BODIES)('POST /auth/logout succeeds with the body %j', async (body) => {
    const member = await registerAndSignIn(testApp)
    const answer = await send('POST', '/api/auth/logout', body, member.headers, { refresh_token: member.cookies.refresh_token ?? '' })
    expect(answer.statusCode, answer.body).toBe(200)
  })

  it('still refuses a body that is not JSON, and one that poisons a prototype', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await send('POST', '/api/trial/start?tier=BASIC', '{"tier":', member.headers)).statusCode).toBe(400)
    expect((await send('POST', '/api/trial/start?tier=BASIC', '{"__proto__":{"x":1}}', member.headers)).statusCode).toBe(400)
  })
})

describe('a JSON body is bounded before it is parsed', () => {
  const tooComplex = MESSAGES.jsonTooComplex(JSON_MAX_DEPTH, JSON_MAX_VALUES)

  it("refuses with 400, not 500, a visitor's passkey sign-in whose extension results nest 10,000 levels", async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`
    const response = `{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"AAAA","authenticatorData":"AAAA","signature":"AAAA"},"clientExtensionResults":{"x":${deep}}}`
    const answer = await send('POST', '/api/auth/passkey/login', `{"response":${response}}`)
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe(tooComplex)
  })

  it('refuses with 400 a 1 MB body of 330,000 empty arrays, without parsing it', async () => {
    const body = `[${Array(330_000).fill('[]').join(',')}]`
    const started = performance.now()
    const answer = await send('POST', '/api/support/contact', body)
    console.log(`${(body.length / 1e6).toFixed(1)} MB of empty arrays refused in ${(performance.now() - started).toFixed(0)} ms`)
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe(tooComplex)
  })

  it('reads the most crowded and the deepest bodies the calls send: a 1,000-row bulk batch, a passkey answer', () => {
    const row = { vin: '1HGCR2F31GA000000', make: 'Honda', model: 'Civic', year: '2016', reference: 'Lot 4, row "B" [east]' }
    expect(jsonWithinBounds(JSON.stringify({ rows: Array(1_000).fill(row), message: 'Dealer lot' }))).toBe(true)
    const passkey = { response: { id: 'A', response: { clientDataJSON: 'A' }, clientExtensionResults: { credProps: { rk: true } } } }
    expect(jsonWithinBounds(JSON.stringify(passkey))).toBe(true)
  })

  it(`counts the levels and the values outside strings only, up to ${JSON_MAX_DEPTH} levels and ${JSON_MAX_VALUES.toLocaleString('en-US')} values`, () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    expect([jsonWithinBounds(nested(JSON_MAX_DEPTH)), jsonWithinBounds(nested(JSON_MAX_DEPTH + 1))]).toEqual([true, false])
    const values = (count: number) => `[${Array(count).fill(1).join(',')}]`
    expect([jsonWithinBounds(values(JSON_MAX_VALUES)), jsonWithinBounds(values(JSON_MAX_VALUES + 1))]).toEqual([true, false])
    expect(jsonWithinBounds(JSON.stringify({ text: `${'[{,'.repeat(50_000)}\\"` }))).toBe(true)
  })
})
