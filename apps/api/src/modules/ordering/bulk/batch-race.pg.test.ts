import { BULK_MESSAGES } from '@keydesk/contracts/bulk'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { requestBatches, vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, signedInAdmin, uniqueIp } from '../../../test/accounts.ts'
import { paidColumns, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { batchDoneMailKey } from './batch-done.ts'

/**
 * A member's open orders hold each VIN once (docs/product.md, 'Bulk ordering'), on PostgreSQL with batches really in
 * flight together (*.pg.test.ts runs with TEST_DATABASE_URL): the same vehicles sent in several batches at once, as a
 * double click or two tabs would. Whatever the interleaving, one batch is created and the others are refused whole.
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const ROUNDS = 15
const AT_ONCE = 4

describe('batches racing with the same VINs', () => {
  it(`create one batch and refuse the others whole (${ROUNDS} rounds of ${AT_ONCE} at once)`, async () => {
    const db = testApp.app.database.db
    for (let round = 0; round < ROUNDS; round++) {
      const member = await registerAndSignIn(testApp)
      await db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
      const rows = Array.from({ length: 5 }, (_, index) => ({
        vin: validVin('1HGCR2F3', 'G', String(500000 + round * 10 + index)),
        model: 'Civic',
      }))
      const remoteAddress = uniqueIp()
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          testApp.app.inject({ method: 'POST', url: '/api/bulk/batches', headers: member.headers, payload: { rows }, remoteAddress }),
        ),
      )
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(AT_ONCE - 1).fill(400)])
      for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
        expect(refused.json().message).toBe(BULK_MESSAGES.fixRows(5))
      }
      expect(await db.select({ id: requestBatches.id }).from(requestBatches).where(eq(requestBatches.userId, member.id))).toHaveLength(1)
      expect(await db.select({ id: vehicleRequests.id }).from(vehicleRequests).where(eq(vehicleRequests.userId, member.id))).toHaveLength(5)
    }
  }, 120_000)
})

describe('the last two lines of a batch removed at once', () => {
  it(`take the batch with them (${ROUNDS} rounds)`, async () => {
    const db = testApp.app.database.db
    for (let round = 0; round < ROUNDS; round++) {
      const member = await registerAndSignIn(testApp)
      await db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
      const rows = [0, 1].map((index) => ({ vin: validVin('1HGCR2F3', 'G', String(700000 + round * 10 + index)), model: 'Civic' }))
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/bulk/batches',
        headers: member.headers,
        payload: { rows },
        remoteAddress: uniqueIp(),
      })
      expect(created.statusCode, created.body).toBe(201)
      const items = (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json() as {
        id: string
      }[]
      const removed = await Promise.all(
        items.map((item) => testApp.app.inject({ method: 'DELETE', url: `/api/cart/remove/${item.id}`, headers: member.headers })),
      )
      expect(removed.map((answer) => answer.statusCode)).toEqual([200, 200])
      expect(await db.select({ id: requestBatches.id }).from(requestBatches).where(eq(requestBatches.userId, member.id))).toEqual([])
    }
  }, 120_000)
})

describe('the last two orders of a batch released at once', () => {
  it(`queue the batch-done mail exactly once (${ROUNDS} rounds)`, async () => {
    const db = testApp.app.database.db
    const admin = await signedInAdmin(testApp)
    for (let round = 0; round < ROUNDS; round++) {
      const member = await registerAndSignIn(testApp)
      await db.update(users).set({ subscriptionTier: 'PROFESSIONAL', isValidatedUser: true }).where(eq(users.id, member.id))
      const rows = [0, 1].map((index) => ({ vin: validVin('1HGCR2F3', 'G', String(800000 + round * 10 + index)), model: 'Civic' }))
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/bulk/batches',
        headers: member.headers,
        payload: { rows },
        remoteAddress: uniqueIp(),
      })
      expect(created.statusCode, created.body).toBe(201)
      const batchId: string = created.json().batch.id
      await db.update(vehicleRequests).set(paidColumns()).where(eq(vehicleRequests.batchId, batchId))
      const requests = await db.select({ id: vehicleRequests.id }).from(vehicleRequests).where(eq(vehicleRequests.batchId, batchId))
      for (const request of requests) expect((await startRequest(testApp, admin, request.id)).statusCode).toBe(200)
      const released = await Promise.all(
        requests.map((request) => processRequest(testApp, admin, { vehicleId: request.id, keycode: 'K1234', pincode: '' })),
      )
      expect(released.map((answer) => answer.statusCode)).toEqual([200, 200])
      const mails = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, batchDoneMailKey(batchId)))
      expect(mails).toHaveLength(1)
    }
  }, 120_000)
})
