import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { ACCOUNT_DATA_KEEP_DAYS } from '@keydesk/contracts/policy-statements'
import { TWO_FACTOR_MESSAGES } from '@keydesk/contracts/security'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { chatMessages, loginHistory, memberProfiles, notices } from '../../../db/schema/member.ts'
import { users } from '../../../db/schema/users.ts'
import { runAccountPurge } from '../../../entry/account-purge-job.ts'
import { GOOD_PASSWORD, signedInAdmin, signInAsBootstrapSuperAdmin } from '../../../test/accounts.ts'
import { pngImage } from '../../../test/images.ts'
import { createMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { insertSignIn } from '../security/repository.ts'

const clock = testClock()
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})
afterAll(() => testApp.close())

describe('deleting an account (PUT /keycode-user/delete)', () => {
  it('closes it, and the purge 30 days later removes the member-area data: profile extras and photo, sign-ins, notices, chat', async () => {
    const member = await createMember(testApp, 'BASEUSER', { trialEndsAt: new Date(clock.now().getTime() + 86_400_000) })
    const admin = await createMember(testApp, 'ADMIN')
    const photo = new FormData()
    photo.append('profilePhoto', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'me.png')
    const profile = (await testApp.app.inject({ method: 'PUT', url: '/api/user/profile', headers: member.auth, payload: photo })).json()
    await insertSignIn(testApp.app.database.db, { userId: member.id, ipAddress: '203.0.113.9' })
    await testApp.app.inject({ method: 'POST', url: '/api/chat/send', headers: member.auth, payload: { message: 'hello' } })
    await testApp.app.inject({ method: 'POST', url: '/api/chat/send', headers: admin.auth, payload: { message: 'hi', userId: member.id } })

    const deleted = await testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers: member.auth })
    expect(deleted.statusCode).toBe(200)
    clock.advance((ACCOUNT_DATA_KEEP_DAYS + 1) * 24 * 60 * 60 * 1000)
    await runAccountPurge(testApp.app)

    const db = testApp.app.database.db
    expect(await db.select().from(memberProfiles).where(eq(memberProfiles.userId, member.id))).toEqual([])
    expect(await db.select().from(loginHistory).where(eq(loginHistory.userId, member.id))).toEqual([])
    expect(await db.select().from(notices).where(eq(notices.userId, member.id))).toEqual([])
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, member.id))).toEqual([])
    const photoId = String(profile.profilePhoto).split('/').at(-1) ?? ''
    expect(await db.select().from(files).where(eq(files.id, photoId))).toEqual([])
  })

  describe('of a super admin', () => {
    const deleteSelf = (headers: Record<string, string>, payload?: object) =>
      testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers, ...(payload ? { payload } : {}) })
    const approvedSuperAdmins = () =>
      testApp.app.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'SUPER_ADMIN'), eq(users.adminApproval, 'APPROVED')))

    it("needs the owner's proof: none is refused with 400, a wrong password with 403, and the account stays", async () => {
      const superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
      const bare = await deleteSelf(superAdmin.headers)
      expect(bare.statusCode).toBe(400)
      expect(bare.json().message).toBe(TWO_FACTOR_MESSAGES.proofRequired)
      expect((await deleteSelf(superAdmin.headers, { currentPassword: 'Not-The-Password-1' })).statusCode).toBe(403)
      expect((await approvedSuperAdmins()).map((row) => row.id)).toContain(superAdmin.id)
      expect((await deleteSelf(superAdmin.headers, { currentPassword: GOOD_PASSWORD })).statusCode).toBe(200)
    })

    it('never deletes the last approved super admin, with the proof or without', async () => {
      const others = (await approvedSuperAdmins()).length
      const bootstrap = await signInAsBootstrapSuperAdmin(testApp)
      // Every other super admin leaves first, so the bootstrap one is the last.
      for (let index = 1; index < others; index++) {
        const [other] = (await approvedSuperAdmins()).filter((row) => row.id !== bootstrap.id)
        if (other) await testApp.app.database.db.update(users).set({ adminApproval: 'REJECTED' }).where(eq(users.id, other.id))
      }
      const refused = await deleteSelf(bootstrap.headers, { currentPassword: bootstrap.password })
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toBe(ACCOUNT_MESSAGES.lastSuperAdminDeletion)
      expect((await approvedSuperAdmins()).map((row) => row.id)).toEqual([bootstrap.id])
    })
  })
})
