import { DISPUTE_MESSAGES } from '@keydesk/contracts/disputes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { deliver } from '../../../test/payments.ts'
import { disputeEvent } from '../../../test/provider-events.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

describe('POST /admin/process-request and disputes, through the API', () => {
  it('refuses to release an order whose payment is disputed, even with a reason, and the queue marks it', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    const { event } = disputeEvent(testApp, 'charge.dispute.created', { paymentIntentId: transaction.paymentIntentId as string })
    expect((await deliver(testApp, event)).statusCode).toBe(200)
    const refused = await processRequest(testApp, admin, {
      vehicleId: requestId,
      keycode: 'K-HELD-1',
      overrideReason: 'The buyer phoned and confirmed the order.',
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(DISPUTE_MESSAGES.releaseDisputeOpen)
    const queue = await testApp.app.inject({ method: 'GET', url: '/api/admin/in-progress-requests?limit=100', headers: admin.headers })
    expect(queue.json().find((row: { id: string }) => row.id === requestId)?.disputeHold).toBe('DISPUTE_OPEN')
  })
})
