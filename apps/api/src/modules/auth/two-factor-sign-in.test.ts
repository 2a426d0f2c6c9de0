import { TwoFactorSetupAnswerSchema } from '@keydesk/contracts/security'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app.ts'
import { GOOD_PASSWORD, registerAndSignIn, type SignedIn, uniqueIp } from './test-accounts.ts'

let testApp: TestApp
let member: SignedIn
let secret: string

const codeFor = (offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSeconds * 1000 })

const login = (fields: Record<string, string>) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: uniqueIp(),
  })

beforeAll(async () => {
  testApp = await createTestApp()
  member = await registerAndSignIn(testApp)
  const setup = await testApp.app.inject({ method: 'POST', url: '/api/user/security/two-factor/setup', headers: member.headers })
  secret = TwoFactorSetupAnswerSchema.parse(setup.json()).secret
  const enable = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/security/two-factor/enable',
    headers: member.headers,
    payload: { code: codeFor() },
  })
  expect(enable.statusCode).toBe(200)
})

afterAll(async () => {
  await testApp.close()
})

describe('sign-in with two-factor on', () => {
  it('asks for the authenticator code after a correct password, without a session', async () => {
    const answer = await login({ email: member.email, password: GOOD_PASSWORD })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' })
    expect(answer.cookies).toEqual([])
  })

  it('refuses a wrong code', async () => {
    const wrong = codeFor() === '000000' ? '111111' : '000000'
    const answer = await login({ email: member.email, password: GOOD_PASSWORD, code: wrong })
    expect(answer.statusCode).toBe(401)
    expect(answer.json().error).toBe('Invalid authentication code.')
  })

  it('signs in with the current code', async () => {
    const answer = await login({ email: member.email, password: GOOD_PASSWORD, code: codeFor() })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().user.email).toBe(member.email)
  })
})
