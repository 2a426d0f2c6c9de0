import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../db/schema/ordering.ts'
import { registerAndSignIn, type SignedIn, signInAsBootstrapSuperAdmin, uniqueEmail, uniqueIp } from '../test/accounts.ts'
import { paidColumns } from '../test/paid-orders.ts'
import { keycodeRequestForm, validVin } from '../test/requests.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'

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
