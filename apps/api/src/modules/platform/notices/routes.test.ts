import { NoticesAnswerSchema } from '@keydesk/contracts/notices'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember, type TestMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { postNotice } from './service.ts'

let testApp: TestApp
let member: TestMember
let other: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  member = await createMember(testApp)
  other = await createMember(testApp)
  const db = testApp.app.database.db
  await postNotice(db, { userId: null, title: 'Maintenance', message: 'Portals down Sunday' })
  await new Promise((resolve) => setTimeout(resolve, 5))
  await postNotice(db, { userId: member.id, title: 'Documents received', message: 'We are reviewing your documents.' })
  await postNotice(db, { userId: other.id, title: 'For the other member', message: 'private' })
})
afterAll(() => testApp.close())

describe('GET /user/notices', () => {
  it("answers notices for everyone and the member's own, newest first", async () => {
    const response = await testApp.app.inject({ url: '/api/user/notices', headers: member.auth })
    expect(response.statusCode).toBe(200)
    const notices = NoticesAnswerSchema.parse(response.json())
    expect(notices.map((notice) => notice.title)).toEqual(['Documents received', 'Maintenance'])
    expect(response.body).not.toContain('For the other member')
  })

  it('refuses a visitor', async () => {
    expect((await testApp.app.inject({ url: '/api/user/notices' })).statusCode).toBe(401)
  })
})
