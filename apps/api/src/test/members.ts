import type { Role } from '@keydesk/contracts/roles'
import { users } from '../db/schema/users.ts'
import { insertSession } from '../modules/accounts/sessions/repository.ts'
import type { TestApp } from './test-app.ts'

export interface TestMember {
  id: string
  email: string
  /** `authorization` header value for `inject`. */
  auth: { authorization: string }
}

let counter = 0

/** Inserts an account straight into the database and signs its access token (tests of the member area). */
export async function createMember(
  testApp: TestApp,
  role: Role = 'BASEUSER',
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<TestMember> {
  counter += 1
  const email = `${role.toLowerCase()}-${counter}-${Date.now()}@example.com`
  const [row] = await testApp.app.database.db
    .insert(users)
    .values({
      email,
      passwordHash: 'not-a-real-hash',
      fname: 'Test',
      lname: role,
      role,
      adminApproval: role === 'BASEUSER' ? null : 'APPROVED',
      ...extra,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user insert returned nothing')
  const now = testApp.app.clock.now()
  const sessionId = await insertSession(testApp.app.database.db, {
    userId: row.id,
    device: 'Test device',
    ipAddress: null,
    timeZone: null,
    startedAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  })
  const token = await testApp.app.signAccessToken({ id: row.id, role, sessionVersion: 0, sessionId })
  return { id: row.id, email, auth: { authorization: `Bearer ${token}` } }
}
