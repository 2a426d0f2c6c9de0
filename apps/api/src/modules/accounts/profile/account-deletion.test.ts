import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatMessages, loginHistory, memberProfiles, notices } from '../../../db/schema/member.ts'
import { pngImage } from '../../../test/images.ts'
import { createMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { recordSignIn } from '../security/record-sign-in.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(() => testApp.close())

describe('deleting an account (PUT /keycode-user/delete)', () => {
  it('removes the member-area data: profile extras and photo, sign-ins, notices, chat', async () => {
    const member = await createMember(testApp, 'BASEUSER', { trialEndsAt: new Date(Date.now() + 86_400_000) })
    const admin = await createMember(testApp, 'ADMIN')
    const photo = new FormData()
    photo.append('profilePhoto', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'me.png')
    const profile = (await testApp.app.inject({ method: 'PUT', url: '/api/user/profile', headers: member.auth, payload: photo })).json()
    await recordSignIn(testApp.app.database.db, { userId: member.id, ipAddress: '203.0.113.9' })
    await testApp.app.inject({ method: 'POST', url: '/api/chat/send', headers: member.auth, payload: { message: 'hello' } })
    await testApp.app.inject({ method: 'POST', url: '/api/chat/send', headers: admin.auth, payload: { message: 'hi', userId: member.id } })

    const deleted = await testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers: member.auth })
    expect(deleted.statusCode).toBe(200)

    const db = testApp.app.database.db
    expect(await db.select().from(memberProfiles).where(eq(memberProfiles.userId, member.id))).toEqual([])
    expect(await db.select().from(loginHistory).where(eq(loginHistory.userId, member.id))).toEqual([])
    expect(await db.select().from(notices).where(eq(notices.userId, member.id))).toEqual([])
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, member.id))).toEqual([])
    expect((await testApp.app.inject({ url: profile.profilePhoto, headers: admin.auth })).statusCode).toBe(404)
  })
})
