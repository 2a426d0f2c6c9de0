import { RETENTION } from '@keydesk/contracts/retention'
import { DAY_MS } from '@keydesk/contracts/time'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../db/schema/files.ts'
import { vehicleRequests } from '../db/schema/ordering.ts'
import { transactions } from '../db/schema/payments.ts'
import { keycodeRefunds } from '../db/schema/refunds.ts'
import { keycodeReleases } from '../db/schema/releases.ts'
import { users } from '../db/schema/users.ts'
import { type SignedIn, signedInAdmin, signInAgain } from '../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../test/test-app.ts'
import { testClock } from '../test/test-clock.ts'
import { runTransactionRetention } from './transaction-retention-job.ts'

const clock = testClock()
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  admin = await signedInAdmin(testApp)
})
afterAll(() => testApp.close())

const db = () => testApp.app.database.db
const yearsBefore = (date: Date, years: number) => {
  const moved = new Date(date.getTime())
  moved.setUTCFullYear(moved.getUTCFullYear() - years)
  return moved
}

/** Moves an order's creation and payment, and its requests' payment, to `paidAt`, as if it had been paid then. */
async function paidOn(order: { transaction: { id: string }; requestId: string }, paidAt: Date) {
  await db().update(transactions).set({ createdAt: paidAt, paidAt }).where(eq(transactions.id, order.transaction.id))
  await db().update(vehicleRequests).set({ paidAt }).where(eq(vehicleRequests.id, order.requestId))
}

async function released<T extends { requestId: string }>(order: T): Promise<T> {
  await signInAgain(testApp, admin)
  await startRequest(testApp, admin, order.requestId)
  const answer = await processRequest(testApp, admin, { vehicleId: order.requestId, keycode: 'KC-RETENTION', identityChecked: true })
  if (answer.statusCode !== 200) throw new Error(`release refused ${answer.statusCode}: ${answer.body}`)
  return order
}

const orderRow = async (id: string) => (await db().select().from(transactions).where(eq(transactions.id, id)))[0]
const requestRow = async (id: string) => (await db().select().from(vehicleRequests).where(eq(vehicleRequests.id, id)))[0]
const releaseRow = async (id: string) => (await db().select().from(keycodeReleases).where(eq(keycodeReleases.vehicleRequestId, id)))[0]

describe('transaction records, deleted 7 years after the payment', () => {
  it('keeps an order the day before its 7 years end and deletes it, its request and its release record, the day after', async () => {
    const order = await released(await paidMemberOrder(testApp, { validated: true }))
    const paidAt = yearsBefore(clock.now(), RETENTION.TRANSACTIONS.period.years)
    await paidOn(order, new Date(paidAt.getTime() + DAY_MS))

    await runTransactionRetention(testApp.app)
    expect(await orderRow(order.transaction.id)).toBeDefined()
    expect(await releaseRow(order.requestId)).toBeDefined()

    clock.advance(2 * DAY_MS)
    await runTransactionRetention(testApp.app)
    expect(await orderRow(order.transaction.id)).toBeUndefined()
    expect(await requestRow(order.requestId)).toBeUndefined()
    expect(await releaseRow(order.requestId)).toBeUndefined()
  })

  it("deletes a guest's old order with its photos, from the table and from storage", async () => {
    const order = await released(await paidGuestOrder(testApp))
    const request = await requestRow(order.requestId)
    const photoIds = [request?.frontIdFileId, request?.licenseFrontFileId, request?.licenseBackFileId].filter(
      (id): id is string => typeof id === 'string',
    )
    expect(photoIds.length).toBeGreaterThan(0)
    const photos = await db().select().from(files).where(inArray(files.id, photoIds))
    await paidOn(order, yearsBefore(new Date(clock.now().getTime() - DAY_MS), RETENTION.TRANSACTIONS.period.years))

    await runTransactionRetention(testApp.app)
    expect(await orderRow(order.transaction.id)).toBeUndefined()
    expect(await db().select().from(files).where(inArray(files.id, photoIds))).toEqual([])
    for (const photo of photos) expect(await testApp.app.storage.exists(photo.storageKey)).toBe(false)
  })

  it("deletes an old order's keycode refund with it", async () => {
    const order = await paidMemberOrder(testApp)
    await db().insert(keycodeRefunds).values({
      vehicleRequestId: order.requestId,
      transactionId: order.transaction.id,
      userId: order.member.id,
      reason: 'SERVICE_FAILURE',
      amountCents: 6000,
      note: 'Retention test refund.',
      provider: 'sandbox',
      issuedBy: admin.id,
      attemptedAt: clock.now(),
    })
    await paidOn(order, yearsBefore(new Date(clock.now().getTime() - DAY_MS), RETENTION.TRANSACTIONS.period.years))
    await runTransactionRetention(testApp.app)
    expect(await db().select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, order.requestId))).toEqual([])
  })

  it("touches nothing of the member's account nor of a younger order: the account, its files and its other order stay", async () => {
    const old = await paidMemberOrder(testApp)
    const young = await paidMemberOrder(testApp)
    const ownFiles = await db().select().from(files).where(eq(files.ownerUserId, old.member.id))
    await paidOn(old, yearsBefore(new Date(clock.now().getTime() - DAY_MS), RETENTION.TRANSACTIONS.period.years))
    await paidOn(young, yearsBefore(new Date(clock.now().getTime() + DAY_MS), RETENTION.TRANSACTIONS.period.years))

    await runTransactionRetention(testApp.app)
    expect(await orderRow(old.transaction.id)).toBeUndefined()
    expect(await orderRow(young.transaction.id)).toMatchObject({ status: 'PAID', userId: young.member.id })
    expect(await requestRow(young.requestId)).toBeDefined()
    expect((await db().select().from(users).where(eq(users.id, old.member.id))).length).toBe(1)
    for (const file of ownFiles) expect(await testApp.app.storage.exists(file.storageKey)).toBe(true)
    expect(await db().select().from(files).where(eq(files.ownerUserId, old.member.id))).toHaveLength(ownFiles.length)
  })

  it('works through more orders than one batch, and a second run finds nothing', async () => {
    const createdAt = yearsBefore(new Date(clock.now().getTime() - DAY_MS), RETENTION.TRANSACTIONS.period.years)
    await db()
      .insert(transactions)
      .values(
        Array.from({ length: 1_100 }, (_, index) => ({
          confirmationNumber: `KD-OLD-${index}-${clock.now().getTime()}`,
          status: 'EXPIRED' as const,
          amountCents: 6000,
          items: [],
          provider: 'sandbox',
          createdAt,
        })),
      )
    expect((await runTransactionRetention(testApp.app)).orders).toBe(1_100)
    expect((await runTransactionRetention(testApp.app)).orders).toBe(0)
  })
})
