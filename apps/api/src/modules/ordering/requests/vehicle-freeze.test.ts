import { REQUEST_CHANGE_MESSAGES } from '@keydesk/contracts/vehicle-request'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAgain } from '../../../test/accounts.ts'
import { pngImage } from '../../../test/images.ts'
import { payInSandbox } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout, findTransaction } from '../../../test/payments.ts'
import { validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

const clock = testClock()
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
})

afterAll(async () => {
  await testApp.close()
})

/** The attack: a $60 Honda paid for, then turned into a $90 BMW with another VIN. */
const BMW = { make: 'BMW', model: 'X3', vin: validVin('5UXWX7C5', 'G', '424242') }

async function memberWithCheckout() {
  const member = await registerAndSignIn(testApp)
  await addRequestsToCart(testApp, 1, member.headers)
  const { sessionId } = (await checkout(testApp, 6000, member.headers)).json()
  const row = await findTransaction(testApp, sessionId)
  return { member, sessionId, requestId: row.items[0]?.vehicleRequestId as string }
}

function update(member: SignedIn, requestId: string, fields: Record<string, string>, photo?: Blob) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (photo) form.append('registration', photo, 'registration.png')
  return testApp.app.inject({ method: 'PUT', url: `/api/vehicle/update-request/${requestId}`, payload: form, headers: member.headers })
}

async function vehicleOf(requestId: string) {
  const [row] = await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId))
  return { makeId: row?.makeId, model: row?.model, vin: row?.vin, priceCents: row?.priceCents }
}

describe('a request in an open checkout', () => {
  it('refuses a new make, model or VIN with 409 and keeps the vehicle the checkout named', async () => {
    const { member, requestId } = await memberWithCheckout()
    const before = await vehicleOf(requestId)
    const answer = await update(member, requestId, BMW)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(REQUEST_CHANGE_MESSAGES.vehicleInCheckout)
    expect(await update(member, requestId, { vin: BMW.vin.replace('5UX', '1HG') })).toMatchObject({ statusCode: 409 })
    expect(await vehicleOf(requestId)).toEqual(before)
  })

  it('still accepts a new photo, or the same vehicle sent again', async () => {
    const { member, requestId } = await memberWithCheckout()
    const { vin, model } = await vehicleOf(requestId)
    const photo = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' })
    expect((await update(member, requestId, { make: 'Honda', model: model ?? '', vin: vin ?? '' }, photo)).statusCode).toBe(200)
  })

  it('refuses to remove the request with 409 while the checkout is open, so that payment cannot buy nothing', async () => {
    const { member, requestId } = await memberWithCheckout()
    const answer = await testApp.app.inject({ method: 'DELETE', url: `/api/vehicle/delete-request/${requestId}`, headers: member.headers })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(REQUEST_CHANGE_MESSAGES.removeInCheckout)
    expect(await vehicleOf(requestId)).toMatchObject({ model: 'Civic' })
  })

  it('accepts the change once that checkout has expired', async () => {
    const { member, requestId } = await memberWithCheckout()
    clock.advance(61 * 60 * 1000)
    await signInAgain(testApp, member)
    expect((await update(member, requestId, BMW)).statusCode).toBe(200)
    expect(await vehicleOf(requestId)).toMatchObject({ model: 'X3', vin: BMW.vin, priceCents: 9000 })
  })
})

describe('a paid request', () => {
  it('refuses a new vehicle for good, and the admin queue shows the vehicle and the price paid', async () => {
    const { member, sessionId, requestId } = await memberWithCheckout()
    await payInSandbox(testApp, sessionId)
    const before = await vehicleOf(requestId)
    const answer = await update(member, requestId, BMW)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(REQUEST_CHANGE_MESSAGES.vehiclePaid)
    clock.advance(2 * 60 * 60 * 1000)
    await signInAgain(testApp, member)
    expect((await update(member, requestId, BMW)).statusCode).toBe(409)
    expect(await vehicleOf(requestId)).toEqual(before)

    const admin = await signedInAdmin(testApp)
    const queue = (await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests?limit=100', headers: admin.headers })).json()
    expect(queue.find((entry: { id: string }) => entry.id === requestId)).toMatchObject({ make: 'Honda', vin: before.vin, paidPrice: 60 })
    const { items } = await findTransaction(testApp, sessionId)
    expect(items[0]).toMatchObject({ amountCents: 6000, vehicle: { make: 'Honda', model: before.model, year: 2016, vin: before.vin } })
  })

  it('cannot be changed even by a direct database update (a trigger refuses it)', async () => {
    const { sessionId, requestId } = await memberWithCheckout()
    await payInSandbox(testApp, sessionId)
    await expect(
      testApp.app.database.db.update(vehicleRequests).set({ vin: BMW.vin }).where(eq(vehicleRequests.id, requestId)),
    ).rejects.toThrow()
  })
})
