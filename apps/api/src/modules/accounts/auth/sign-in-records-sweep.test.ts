import { randomUUID } from 'node:crypto'
import { HOUR_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResetTokens, refreshTokens } from '../../../db/schema/accounts.ts'
import { loginFailures } from '../../../db/schema/users.ts'
import { registerAndSignIn } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { sweepSignInRecords } from './sign-in-records-sweep.ts'

let testApp: TestApp
const clock = testClock()

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

const refresh = (cookie: string) => testApp.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: cookie } })

describe('the sweep of sign-in records', () => {
  it('removes expired refresh tokens and keeps the live one, which still refreshes', async () => {
    const member = await registerAndSignIn(testApp)
    const db = testApp.app.database.db
    const past = new Date(clock.now().getTime() - HOUR_MS)
    await db.insert(refreshTokens).values({ userId: member.id, familyId: randomUUID(), tokenHash: `expired-${member.id}`, expiresAt: past })
    expect((await sweepSignInRecords(testApp.app)).refreshTokens).toBeGreaterThanOrEqual(1)
    const left = await db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens).where(eq(refreshTokens.userId, member.id))
    expect(left.map((row) => row.tokenHash)).not.toContain(`expired-${member.id}`)
    expect(left).toHaveLength(1)
    expect((await refresh(member.cookies.refresh_token ?? '')).statusCode).toBe(200)
  })

  it('removes expired password-reset tokens and keeps one still usable', async () => {
    const member = await registerAndSignIn(testApp)
    const db = testApp.app.database.db
    const now = clock.now().getTime()
    await db.insert(passwordResetTokens).values([
      { userId: member.id, tokenHash: `reset-expired-${member.id}`, expiresAt: new Date(now - HOUR_MS) },
      { userId: member.id, tokenHash: `reset-live-${member.id}`, expiresAt: new Date(now + HOUR_MS) },
    ])
    expect((await sweepSignInRecords(testApp.app)).resetTokens).toBeGreaterThanOrEqual(1)
    const left = await db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, member.id))
    expect(left.map((row) => row.tokenHash)).toEqual([`reset-live-${member.id}`])
  })

  it('removes failure counts idle for a day and keeps a recent one, whose wait still holds', async () => {
    const db = testApp.app.database.db
    const now = clock.now().getTime()
    const blockedUntil = new Date(now + 10 * 60 * 1000)
    await db.insert(loginFailures).values([
      { email: 'idle@example.com', ipAddress: '198.51.100.1', failedCount: 9, updatedAt: new Date(now - 25 * HOUR_MS) },
      { email: 'recent@example.com', ipAddress: '198.51.100.2', failedCount: 9, blockedUntil, updatedAt: new Date(now - HOUR_MS) },
    ])
    expect((await sweepSignInRecords(testApp.app)).loginFailures).toBe(1)
    const left = await db.select({ email: loginFailures.email, blockedUntil: loginFailures.blockedUntil }).from(loginFailures)
    expect(left).toEqual([{ email: 'recent@example.com', blockedUntil }])
  })
})
