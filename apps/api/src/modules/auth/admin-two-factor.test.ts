import { TwoFactorSetupAnswerSchema } from '@keydesk/contracts/security'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TWO_FACTOR_REQUIRED } from '../../plugins/auth.ts'
import { GOOD_PASSWORD, registerAndSignIn, signedInAdmin } from '../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' })
})

afterAll(async () => {
  await testApp.close()
})

describe('REQUIRE_ADMIN_2FA=true', () => {
  it('keeps an admin without an authenticator out of the back office, with a message saying how to enrol', async () => {
    const admin = await signedInAdmin(testApp)
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests', headers: admin.headers })
    expect(answer.statusCode).toBe(403)
    expect(answer.json().message).toBe(ADMIN_TWO_FACTOR_REQUIRED)
  })

  it('lets the admin in once an authenticator is confirmed', async () => {
    const admin = await signedInAdmin(testApp)
    const setup = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/security/two-factor/setup',
      headers: admin.headers,
      payload: { currentPassword: GOOD_PASSWORD },
    })
    const secret = TwoFactorSetupAnswerSchema.parse(setup.json()).secret
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate()
    const enable = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/security/two-factor/enable',
      payload: { code },
      headers: admin.headers,
    })
    expect(enable.statusCode).toBe(200)
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests', headers: admin.headers })
    expect(answer.statusCode).toBe(200)
  })

  it('does not touch business users', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/trial/status', headers: member.headers })).statusCode).toBe(200)
  })
})
