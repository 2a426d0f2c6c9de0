import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { problemReports, sandboxRefunds } from '../../../db/schema/refunds.ts'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * Two admins answer the same problem report at once, one with a refund and one with a decline, really in flight
 * together on PostgreSQL (docs/decisions/027). Whatever the interleaving, exactly one answer stands: refunded with the
 * money paid back once, or declined with nothing paid back.
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

const ROUNDS = 20

describe('a refund and a decline of the same problem report', () => {
  it(`let exactly one answer stand (${ROUNDS} rounds)`, async () => {
    const [refunder, decliner] = admins as [SignedIn, SignedIn]
    const outcomes = { refunded: 0, declined: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const { member, requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
      expect((await startRequest(testApp, refunder, requestId)).statusCode).toBe(200)
      expect((await processRequest(testApp, refunder, { vehicleId: requestId, keycode: `KC-${round}` })).statusCode).toBe(200)
      const filed = await testApp.app.inject({
        method: 'POST',
        url: '/api/vehicle/problem-reports',
        headers: member.headers,
        payload: { vehicleRequestId: requestId, reason: 'CODE_DID_NOT_WORK', message: 'The cut key does not turn.' },
      })
      const reportId = filed.json().report.id
      const answer = (who: SignedIn, payload: object) =>
        testApp.app.inject({ method: 'POST', url: `/api/admin/problem-reports/${reportId}/answer`, headers: who.headers, payload })
      const [refund, decline] = await Promise.all([
        answer(refunder, { answer: 'REFUND', note: 'Honda confirmed a wrong code.' }),
        answer(decliner, { answer: 'DECLINE', declineReason: 'CODE_CONFIRMED', note: 'Honda confirmed the code.' }),
      ])
      expect([refund.statusCode, decline.statusCode].sort()).toEqual([200, 409])

      const db = testApp.app.database.db
      const [report] = await db.select().from(problemReports).where(eq(problemReports.id, reportId))
      const [request] = await db.select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId))
      const paidBack = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, transaction.paymentIntentId ?? ''))
      if (refund.statusCode === 200) {
        outcomes.refunded++
        expect(report?.status).toBe('REFUNDED')
        expect(request?.status).toBe('REFUNDED')
        expect(paidBack).toHaveLength(1)
      } else {
        outcomes.declined++
        expect(report?.status).toBe('DECLINED')
        expect(request).toMatchObject({ status: 'FULFILLED', refundHeldAt: null })
        expect(paidBack).toHaveLength(0)
      }
    }
    expect(outcomes.refunded + outcomes.declined).toBe(ROUNDS)
  }, 180_000)
})
