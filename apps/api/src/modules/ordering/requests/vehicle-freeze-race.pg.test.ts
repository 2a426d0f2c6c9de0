import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { registerAndSignIn, uniqueIp } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, findTransaction } from '../../../test/payments.ts'
import { validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { makes } from '../catalogue/repository.ts'

/**
 * The race on the vehicle freeze (decision 018), on PostgreSQL with calls really in flight together (*.pg.test.ts runs with
 * TEST_DATABASE_URL): a member turns a $60 Honda into a $90 BMW with a photo whose processing takes a while, and
 * opens a checkout for the Honda's price while the change runs. Whatever the interleaving, exactly one of the two
 * succeeds, and a checkout always names the vehicle the request holds at the price it charged.
 */
let testApp: TestApp
let photo: Buffer

beforeAll(async () => {
  testApp = await createTestApp()
  // Noise does not compress: re-encoding this photo keeps the change busy for a good part of a second.
  const noise = Buffer.alloc(1600 * 1600 * 3)
  for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919 + (index >> 5) * 104729) & 255
  photo = await sharp(noise, { raw: { width: 1600, height: 1600, channels: 3 } })
    .png()
    .toBuffer()
}, 60_000)

afterAll(async () => {
  await testApp.close()
})

const ROUNDS = 50
const BMW = { make: 'BMW', model: 'X3', vin: validVin('5UXWX7C5', 'G', '424242') }

function changeToBmw(headers: Record<string, string>, requestId: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries(BMW)) form.append(name, value)
  form.append('registration', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'registration.png')
  return testApp.app.inject({
    method: 'PUT',
    url: `/api/vehicle/update-request/${requestId}`,
    payload: form,
    headers,
    remoteAddress: uniqueIp(),
  })
}

describe('a vehicle change racing a checkout', () => {
  it(`never ends with a price for one vehicle and a release for another (${ROUNDS} interleavings)`, async () => {
    const outcomes = { changed: 0, checkedOut: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const member = await registerAndSignIn(testApp)
      const {
        requestIds: [requestId],
      } = await addRequestsToCart(testApp, 1, member.headers)
      if (!requestId) throw new Error('no request')
      // The checkout starts at a different moment of the change in each round, from before it to well into it.
      const [change, started] = await Promise.all([
        changeToBmw(member.headers, requestId),
        sleep((round % 10) * 40).then(() => checkout(testApp, 6000, member.headers)),
      ])
      const succeeded = [change.statusCode === 200, started.statusCode === 200].filter(Boolean).length
      expect(succeeded, `round ${round}: change ${change.statusCode} ${change.body}, checkout ${started.statusCode}`).toBe(1)
      expect([200, 409]).toContain(change.statusCode)
      expect([200, 409]).toContain(started.statusCode)

      const [now] = await testApp.app.database.db
        .select({ make: makes.name, model: vehicleRequests.model, vin: vehicleRequests.vin, priceCents: vehicleRequests.priceCents })
        .from(vehicleRequests)
        .innerJoin(makes, eq(makes.id, vehicleRequests.makeId))
        .where(eq(vehicleRequests.id, requestId))
      if (started.statusCode === 200) {
        outcomes.checkedOut += 1
        const { items, amountCents } = await findTransaction(testApp, started.json().sessionId)
        expect(now).toMatchObject({ make: 'Honda', priceCents: 6000 })
        expect(items[0]?.vehicle).toMatchObject({ make: 'Honda', model: now?.model, vin: now?.vin })
        expect(amountCents).toBe(now?.priceCents)
      } else {
        outcomes.changed += 1
        expect(now).toMatchObject({ make: 'BMW', model: 'X3', vin: BMW.vin, priceCents: 9000 })
      }
    }
    // Both orders of arrival happened, so the window between the change's check and its write was really crossed.
    expect(outcomes.changed).toBeGreaterThan(0)
    expect(outcomes.checkedOut).toBeGreaterThan(0)
  }, 300_000)
})
