import { UNPAID_REQUEST_KEEP_DAYS } from '@keydesk/contracts/limits'
import { DAY_MS } from '@keydesk/contracts/time'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { registerAndSignIn, type SignedIn, signInAgain } from '../../../test/accounts.ts'
import { payInSandbox } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { sweepUnpaidMemberRequests } from './unpaid-sweep.ts'

const clock = testClock()
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db

async function requestOf(member: SignedIn) {
  const [request] = await db().select().from(vehicleRequests).where(eq(vehicleRequests.userId, member.id))
  if (!request) throw new Error(`no request of ${member.email}`)
  const photoIds = [request.frontIdFileId, request.backIdFileId, request.registrationFileId].filter((id): id is string => Boolean(id))
  const photos = await db().select({ key: files.storageKey }).from(files).where(inArray(files.id, photoIds))
  return { id: request.id, photoKeys: photos.map((photo) => photo.key) }
}

const exists = async (requestId: string) =>
  (await db().select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId))).length === 1

describe(`the sweep of members' unpaid requests (kept ${UNPAID_REQUEST_KEEP_DAYS} days)`, () => {
  it('removes a request left unpaid past its keeping time, with its photos and its cart item, and keeps the others', async () => {
    const abandoned = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, abandoned.headers)
    const paid = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, paid.headers)
    await payInSandbox(testApp, (await checkout(testApp, 6000, paid.headers)).json().sessionId)
    const inCheckout = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, inCheckout.headers)
    const old = await requestOf(abandoned)
    expect(old.photoKeys).toHaveLength(3)

    clock.advance((UNPAID_REQUEST_KEEP_DAYS + 1) * DAY_MS)
    // A member who opens a checkout for an old request keeps it while that checkout can be paid.
    await signInAgain(testApp, inCheckout)
    expect((await checkout(testApp, 6000, inCheckout.headers)).statusCode).toBe(200)
    const recent = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, recent.headers)

    expect(await sweepUnpaidMemberRequests(testApp.app)).toBeGreaterThanOrEqual(1)
    expect(await exists(old.id)).toBe(false)
    for (const key of old.photoKeys) expect(await testApp.app.storage.exists(key)).toBe(false)
    await signInAgain(testApp, abandoned)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: abandoned.headers })).json()).toEqual([])
    for (const member of [paid, inCheckout, recent]) expect(await exists((await requestOf(member)).id)).toBe(true)
  })
})
