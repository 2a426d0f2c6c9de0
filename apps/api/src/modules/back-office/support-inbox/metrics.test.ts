import { HOUR_MS } from '@keydesk/contracts/time'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAgain, uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

/** Tuesday 15 January 2030, 10:00 in New York (EST). */
const clock = testClock(new Date('2030-01-15T15:00:00Z'))
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  testApp.app.inject({ method, url, headers, payload, remoteAddress: uniqueIp() })

async function write(subject: string, headers: Record<string, string> = {}) {
  await inject('POST', '/api/support/contact', headers, { name: 'Sam', email: 'sam@example.com', subject, message: 'Hello.' })
  const inbox = (await inject('GET', '/api/admin/support/conversations', admin.headers)).json()
  return inbox.conversations.find((item: { subject: string }) => item.subject === subject).id as string
}

describe('support measured per plan over the last 30 days', () => {
  it('counts the share answered within the promise and the median first answer, the same in the CSV', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
    const quick = await write('Answered in an hour', member.headers)
    const slow = await write('Answered late', member.headers)
    await write('Visitor not yet due')
    clock.advance(HOUR_MS)
    await signInAgain(testApp, admin)
    await inject('POST', `/api/admin/support/conversations/${quick}/answers`, admin.headers, { message: 'Done.' })
    // Thursday 10:00: a day past Professional's Wednesday 9:00 deadline, before the visitor's Thursday 16:00.
    clock.advance(47 * HOUR_MS)
    await signInAgain(testApp, admin)
    await inject('POST', `/api/admin/support/conversations/${slow}/answers`, admin.headers, { message: 'Sorry for the wait.' })

    const metrics = (await inject('GET', '/api/admin/support/metrics', admin.headers)).json()
    const byPlan = Object.fromEntries(metrics.plans.map((row: { plan: string }) => [row.plan, row]))
    expect(byPlan.PROFESSIONAL).toEqual({
      plan: 'PROFESSIONAL',
      conversations: 2,
      answered: 2,
      withinPromise: 1,
      shareWithinPromise: 0.5,
      medianFirstAnswerMinutes: (60 + 48 * 60) / 2,
    })
    expect(byPlan.NONE).toEqual({
      plan: 'NONE',
      conversations: 1,
      answered: 0,
      withinPromise: 0,
      shareWithinPromise: null,
      medianFirstAnswerMinutes: null,
    })
    expect(byPlan.ENTERPRISE.conversations).toBe(0)

    const csv = await inject('GET', '/api/admin/support/metrics.csv', admin.headers)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body.split('\n')).toContain('PROFESSIONAL,2,2,1,0.500,1470')

    // Past the visitor's deadline, the unanswered conversation counts as a promise missed.
    clock.advance(24 * HOUR_MS)
    await signInAgain(testApp, admin)
    const later = (await inject('GET', '/api/admin/support/metrics', admin.headers)).json()
    expect(later.plans.find((row: { plan: string }) => row.plan === 'NONE').shareWithinPromise).toBe(0)

    // Thirty days on, none of them is measured any more.
    clock.advance(31 * 24 * HOUR_MS)
    await signInAgain(testApp, admin)
    const month = (await inject('GET', '/api/admin/support/metrics', admin.headers)).json()
    expect(month.plans.every((row: { conversations: number }) => row.conversations === 0)).toBe(true)
  })

  it('is for admins only', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await inject('GET', '/api/admin/support/metrics', member.headers)).statusCode).toBe(403)
    expect((await inject('GET', '/api/admin/support/metrics.csv')).statusCode).toBe(401)
  })
})
