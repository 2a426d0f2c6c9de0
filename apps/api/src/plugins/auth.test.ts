import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndSignIn } from '../test/accounts.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const me = (headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers })

describe('identity from the bearer header and the session cookie (docs/product.md §1)', () => {
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
