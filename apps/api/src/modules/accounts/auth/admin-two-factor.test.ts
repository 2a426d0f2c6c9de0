import { TwoFactorSetupAnswerSchema } from '@keydesk/contracts/security'
import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { memberProfiles } from '../../../db/schema/member.ts'
import { ADMIN_TWO_FACTOR_REQUIRED } from '../../../plugins/app/auth.ts'
import { mailedCodeProof, registerAndSignIn, signedInAdmin } from '../../../test/accounts.ts'
import { createMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

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
      payload: await mailedCodeProof(testApp, admin),
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

  describe('an approved admin or super admin without an authenticator holds no admin powers on member routes either', () => {
    async function memberWithDocumentAndChat() {
      const member = await registerAndSignIn(testApp)
      await testApp.app.inject({ method: 'POST', url: '/api/trial/start?tier=PROFESSIONAL', headers: member.headers })
      await testApp.app.inject({ method: 'POST', url: '/api/chat/send', headers: member.headers, payload: { message: 'My code please.' } })
      const [file] = await testApp.app.database.db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, member.id)).limit(1)
      if (!file) throw new Error('the member has no stored document')
      return { member, fileId: file.id }
    }

    for (const role of ['ADMIN', 'SUPER_ADMIN'] as const) {
      it(`refuses a ${role} every member's chat, profile and files with a message saying how to enrol`, async () => {
        const { member, fileId } = await memberWithDocumentAndChat()
        const staff = await createMember(testApp, role)
        const calls = [
          { method: 'GET' as const, url: '/api/chat/stream' },
          { method: 'GET' as const, url: `/api/chat/history?userId=${member.id}` },
          { method: 'POST' as const, url: '/api/chat/send', payload: { message: 'Support here.', userId: member.id } },
          { method: 'GET' as const, url: `/api/auth/getUserProfile/${member.id}` },
          { method: 'GET' as const, url: `/api/files/${fileId}` },
        ]
        for (const call of calls) {
          const answer = await testApp.app.inject({ ...call, headers: staff.auth })
          expect(answer.statusCode, `${call.method} ${call.url}`).toBe(403)
          expect(answer.json().message).toBe(ADMIN_TWO_FACTOR_REQUIRED)
        }
      })
    }

    it('serves the same calls once the authenticator is confirmed', async () => {
      const { member, fileId } = await memberWithDocumentAndChat()
      const staff = await createMember(testApp, 'ADMIN')
      await testApp.app.database.db.insert(memberProfiles).values({ userId: staff.id, twoFactorEnabled: true })
      for (const url of [`/api/chat/history?userId=${member.id}`, `/api/auth/getUserProfile/${member.id}`, `/api/files/${fileId}`]) {
        expect((await testApp.app.inject({ method: 'GET', url, headers: staff.auth })).statusCode, url).toBe(200)
      }
    })
  })
})
