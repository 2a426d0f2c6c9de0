import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { keycodeRefunds, sandboxRefunds } from '../../../db/schema/refunds.ts'
import { keycodeReleases } from '../../../db/schema/releases.ts'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * A release and a "No keycode available" refund of the same order, really in flight together on PostgreSQL
 * (*.pg.test.ts runs with TEST_DATABASE_URL; docs/decisions/026). Whatever the interleaving, exactly one wins: the order
 * ends released with no refund at the provider, or refunded with no keycode stored and no release recorded.
 */
let testApp: TestApp
let admins: SignedIn[]

beforeAll(async () => {
  testApp = await createTestApp()
  admins = [await signedInAdmin(testApp), await signedInAdmin(testApp)]
})

afterAll(async () => {
  await testApp.close()
})

const ROUNDS = 25

describe('a release racing a no-keycode refund of the same order', () => {
  it(`lets exactly one of them through (${ROUNDS} rounds)`, async () => {
    const [releaser, refunder] = admins as [SignedIn, SignedIn]
    const outcomes = { released: 0, refunded: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const { requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
      expect((await startRequest(testApp, releaser, requestId)).statusCode).toBe(200)
      const [release, refund] = await Promise.all([
        processRequest(testApp, releaser, { vehicleId: requestId, keycode: `KC-RACE-${round}` }),
        testApp.app.inject({
          method: 'POST',
          url: `/api/admin/requests/${requestId}/no-keycode`,
          headers: refunder.headers,
          payload: { reason: 'NO_CODE_IN_PORTAL', note: 'No record in the portal.' },
        }),
      ])
      expect([release.statusCode, refund.statusCode].sort()).toEqual([200, 409])

      const db = testApp.app.database.db
      const [request] = await db.select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId))
      const releases = await db.select().from(keycodeReleases).where(eq(keycodeReleases.vehicleRequestId, requestId))
      const paidBack = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, transaction.paymentIntentId ?? ''))
      const [recorded] = await db.select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, requestId))
      if (release.statusCode === 200) {
        outcomes.released++
        expect(request?.status).toBe('FULFILLED')
        expect(releases).toHaveLength(1)
        expect(paidBack).toHaveLength(0)
        expect(recorded).toBeUndefined()
      } else {
        outcomes.refunded++
        expect(request).toMatchObject({ status: 'REFUNDED', keycodeEncrypted: null })
        expect(releases).toHaveLength(0)
        expect(paidBack).toHaveLength(1)
        expect(recorded?.status).toBe('REFUNDED')
      }
    }
    expect(outcomes.released + outcomes.refunded).toBe(ROUNDS)
  }, 180_000)
})
