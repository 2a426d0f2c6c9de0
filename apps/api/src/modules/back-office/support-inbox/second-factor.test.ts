import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TWO_FACTOR_REQUIRED } from '../../../plugins/app/auth.ts'
import { signedInAdmin, uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' })
})

afterAll(async () => {
  await testApp.close()
})

describe('the support inbox under REQUIRE_ADMIN_2FA', () => {
  it('refuses an admin without a second factor the inbox, its answers and its figures', async () => {
    const admin = await signedInAdmin(testApp)
    await testApp.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: 'Sam', email: 'sam@example.com', subject: 'Hi', message: 'Hello.' },
      remoteAddress: uniqueIp(),
    })
    for (const [method, url] of [
      ['GET', '/api/admin/support/conversations'],
      ['GET', '/api/admin/support/metrics'],
      ['POST', `/api/admin/support/conversations/${crypto.randomUUID()}/answers`],
    ] as const) {
      const answer = await testApp.app.inject({
        method,
        url,
        headers: admin.headers,
        payload: method === 'POST' ? { message: 'Hi' } : undefined,
      })
      expect(answer.statusCode, url).toBe(403)
      expect(answer.json().message).toBe(ADMIN_TWO_FACTOR_REQUIRED)
    }
  })
})
