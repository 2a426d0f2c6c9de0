import { IMAGE_UPLOADS_PER_10_MINUTES } from '@keydesk/contracts/limits'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { guests, vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, uniqueIp } from '../../../test/accounts.ts'
import { notAnImage } from '../../../test/images.ts'
import { paidColumns, payInSandbox } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout } from '../../../test/payments.ts'
import { keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { sweepExpiredGuests } from './guest-sweep.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const submit = (form: FormData, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url: '/api/vehicle/request-keycode-public', payload: form, headers, remoteAddress: uniqueIp() })
const guestForm = (fields: Record<string, string> = {}) =>
  keycodeRequestForm(fields, ['frontId', 'registration', 'licenseFront', 'licenseBack'])
const fileCount = async () => (await testApp.app.database.db.select({ id: files.id }).from(files)).length

describe('POST /vehicle/request-keycode-public', () => {
  it("puts a signed-in user's request in their cart at the catalogue's non-member price", async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await submit(await keycodeRequestForm(), member.headers)
    expect(answer.statusCode).toBe(201)
    expect(answer.json()).toMatchObject({ guestUserId: null })
    const cart = await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })
    expect(cart.json()).toEqual([
      expect.objectContaining({
        kind: 'KEYCODE',
        make: 'Honda',
        model: 'Civic',
        year: 2016,
        vinLast4: '0000',
        standardPrice: 60,
        isTemporary: false,
      }),
    ])
  })

  it('creates a guest and a cart for a visitor with both licence photos, and reuses them with guestUserId', async () => {
    const first = await submit(await guestForm())
    expect(first.statusCode).toBe(201)
    const { guestUserId, cartId } = first.json()
    expect(guestUserId).toMatch(/^[0-9a-f-]{36}$/)
    const second = await submit(await guestForm({ guestUserId, vin: validVin('1HGCR2F3', 'G', '000002') }))
    expect(second.json()).toMatchObject({ guestUserId, cartId })
    const cart = await testApp.app.inject({ method: 'GET', url: `/api/cart/items/public?guestUserId=${guestUserId}` })
    expect(cart.json()).toHaveLength(2)
    expect(cart.json()[0].isTemporary).toBe(true)
  })

  it('refuses a guest without both licence photos with the documented text, storing nothing', async () => {
    const before = await fileCount()
    const answer = await submit(await keycodeRequestForm({}, ['frontId', 'licenseFront']))
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error).toBe(
      "As a guest user, you must provide both front and back photos of your driver's license for identity verification.",
    )
    expect(await fileCount()).toBe(before)
  })

  it('refuses a guest without a proof of ownership, in the style of the licence rule, storing nothing (docs/decisions/041)', async () => {
    const before = await fileCount()
    const answer = await submit(await keycodeRequestForm({}, ['frontId', 'licenseFront', 'licenseBack']))
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({
      error: 'As a guest user, you must provide a photo of your vehicle registration, title or insurance as proof of ownership.',
      details: [{ field: 'registration' }],
    })
    expect(await fileCount()).toBe(before)
  })

  it("keeps what a guest says the ownership document is, with the optional plate and odometer photos, but no guest's owner name", async () => {
    const answer = await submit(
      await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', '000041'), ownershipDocument: 'TITLE', ownerName: 'Not Kept' }, [
        'registration',
        'licenseFront',
        'licenseBack',
        'platePhoto',
        'odometerPhoto',
      ]),
    )
    expect(answer.statusCode).toBe(201)
    const [row] = await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.id, answer.json().id))
    expect(row).toMatchObject({ ownershipDocument: 'TITLE', ownerName: null })
    expect(row?.platePhotoFileId).toBeTruthy()
    expect(row?.odometerPhotoFileId).toBeTruthy()
  })

  it("takes a member's order with no proof of ownership, and keeps the vehicle owner's name when given", async () => {
    const member = await registerAndSignIn(testApp)
    const bare = await submit(await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', '000042') }, []), member.headers)
    expect(bare.statusCode).toBe(201)
    const authorised = await submit(
      await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', '000043'), ownerName: 'Dana Reyes' }, [
        'frontId',
        'backId',
        'registration',
      ]),
      member.headers,
    )
    const rows = await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.userId, member.id))
    expect(rows.find((row) => row.id === bare.json().id)).toMatchObject({ ownerName: null, ownershipDocument: null })
    expect(rows.find((row) => row.id === authorised.json().id)).toMatchObject({
      ownerName: 'Dana Reyes',
      ownershipDocument: 'REGISTRATION',
    })
  })

  it('refuses an ownership document kind it does not know', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await submit(
      await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', '000044'), ownershipDocument: 'PASSPORT' }, ['registration']),
      member.headers,
    )
    expect(answer.statusCode).toBe(400)
    expect(answer.json().details).toEqual([expect.objectContaining({ field: 'ownershipDocument' })])
  })

  it('refuses a photo that is not an image, storing nothing', async () => {
    const member = await registerAndSignIn(testApp)
    const before = await fileCount()
    const form = await keycodeRequestForm({}, ['frontId'])
    form.append('registration', new Blob([notAnImage], { type: 'image/png' }), 'registration.png')
    const answer = await submit(form, member.headers)
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error).toBe('Only image files are allowed.')
    expect(await fileCount()).toBe(before)
  })

  it("answers 'Please fill in all required fields.' when make, model, year or VIN is missing", async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await submit(await keycodeRequestForm({ vin: '' }), member.headers)
    expect(answer.json().error).toBe('Please fill in all required fields.')
  })

  it('refuses a mistyped VIN, a VIN of another year and a VIN of another make, each with its reason', async () => {
    const member = await registerAndSignIn(testApp)
    const typo = await submit(await keycodeRequestForm({ vin: '1HGCR2F31GA000001' }), member.headers)
    expect(typo.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'vin' }] })
    expect(typo.json().error).toContain('check digit')
    const year = await submit(await keycodeRequestForm({ year: '2018' }), member.headers)
    expect(year.json().error).toContain('not for a 2018 model year')
    const make = await submit(await keycodeRequestForm({ make: 'Ford', model: 'F-150' }), member.headers)
    expect(make.json().error).toContain('does not belong to a Ford')
  })

  it('refuses a model or year the catalogue does not offer', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await submit(await keycodeRequestForm({ model: 'Model T' }), member.headers)).json().error).toBe(
      'Choose a model of this make from the list.',
    )
    expect((await submit(await keycodeRequestForm({ year: '2010' }), member.headers)).json().error).toBe(
      'Choose a year offered for this model.',
    )
  })
})

describe('cart ownership', () => {
  it("never shows or removes another user's or another guest's items", async () => {
    const owner = await registerAndSignIn(testApp)
    const stranger = await registerAndSignIn(testApp)
    await submit(await keycodeRequestForm(), owner.headers)
    const [item] = (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: owner.headers })).json()
    expect((await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: stranger.headers })).json()).toEqual([])
    const steal = await testApp.app.inject({ method: 'DELETE', url: `/api/cart/remove/${item.id}`, headers: stranger.headers })
    expect(steal.statusCode).toBe(404)
    const guest = (await submit(await guestForm())).json()
    const asGuest = await testApp.app.inject({ method: 'DELETE', url: `/api/cart/remove/${item.id}?guestUserId=${guest.guestUserId}` })
    expect(asGuest.statusCode).toBe(404)
  })

  it('answers 401 to a visitor asking for a signed-in cart', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/cart/items' })).statusCode).toBe(401)
  })

  it('removes an own item with the documented text, and its photos with it', async () => {
    const member = await registerAndSignIn(testApp)
    await submit(await keycodeRequestForm(), member.headers)
    const [item] = (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json()
    const before = await fileCount()
    const answer = await testApp.app.inject({ method: 'DELETE', url: `/api/cart/remove/${item.id}`, headers: member.headers })
    expect(answer.json()).toEqual({ message: 'Item removed from cart successfully!' })
    expect(await fileCount()).toBe(before - 3)
  })
})

describe('GET /vehicle/user-requests', () => {
  it("lists the user's requests by status, and never another user's", async () => {
    const member = await registerAndSignIn(testApp)
    const { id } = (await submit(await keycodeRequestForm(), member.headers)).json()
    await testApp.app.database.db
      .update(vehicleRequests)
      .set({ ...paidColumns(), status: 'INPROGRESS' })
      .where(eq(vehicleRequests.id, id))
    await submit(await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', '000009') }), member.headers)
    const answer = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: member.headers })).json()
    expect(answer.pendingRequests).toHaveLength(1)
    expect(answer.inProgressRequests).toEqual([
      expect.objectContaining({ id, make: { manufacturerName: 'Honda' }, status: 'INPROGRESS', price: 60 }),
    ])
    const other = await registerAndSignIn(testApp)
    const theirs = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: other.headers })).json()
    expect(theirs).toEqual({ pendingRequests: [], inProgressRequests: [], fulfilledRequests: [], refundedRequests: [] })
  })
})

describe('GET /vehicle/order-tracker', () => {
  it('starts with no step reached for a new, unvalidated user', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/vehicle/order-tracker', headers: member.headers })
    expect(answer.json()).toEqual({ ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false })
  })

  it('reaches PROCESSING when a paid order is in progress', async () => {
    const member = await registerAndSignIn(testApp)
    const { id } = (await submit(await keycodeRequestForm(), member.headers)).json()
    await testApp.app.database.db
      .update(vehicleRequests)
      .set({ ...paidColumns(), status: 'INPROGRESS' })
      .where(eq(vehicleRequests.id, id))
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/vehicle/order-tracker', headers: member.headers })
    expect(answer.json()).toMatchObject({ PROCESSING: true, COMPLETED: false })
  })
})

describe('guest expiry', () => {
  it('sweeps a guest after 24 hours with their unpaid requests and photos', async () => {
    const { guestUserId } = (await submit(await guestForm())).json()
    const before = await fileCount()
    await testApp.app.database.db
      .update(guests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guests.id, guestUserId))
    expect(await sweepExpiredGuests(testApp.app)).toBeGreaterThanOrEqual(1)
    expect(await fileCount()).toBe(before - 4)
    expect((await testApp.app.inject({ method: 'GET', url: `/api/cart/items/public?guestUserId=${guestUserId}` })).json()).toEqual([])
  })
})

describe("a paid order's price on the member's own screens", () => {
  it('is what its checkout line charged, on the dashboard and under Profile > Orders (member price less the discount)', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
    await addRequestsToCart(testApp, 1, member.headers)
    // Honda: member price 45, less Professional's 20%: 36.00.
    const started = await checkout(testApp, 3600, member.headers)
    expect(started.statusCode, started.body).toBe(200)
    await payInSandbox(testApp, started.json().sessionId)
    const dashboard = (await testApp.app.inject({ url: '/api/vehicle/user-requests', headers: member.headers })).json()
    expect(dashboard.pendingRequests[0]).toMatchObject({ price: 36, keycodePrice: 36 })
    const orders = (await testApp.app.inject({ url: '/api/user/orders', headers: member.headers })).json()
    expect(orders.orders[0]).toMatchObject({ cost: 3600 })
  })
})

describe('changes to a request', () => {
  it(`are limited to ${IMAGE_UPLOADS_PER_10_MINUTES} per account in 10 minutes, each of which may carry photos to decode`, async () => {
    const member = await registerAndSignIn(testApp)
    const {
      requestIds: [requestId],
    } = await addRequestsToCart(testApp, 1, member.headers)
    const change = () => {
      const form = new FormData()
      form.append('model', 'Civic')
      return testApp.app.inject({
        method: 'PUT',
        url: `/api/vehicle/update-request/${requestId}`,
        payload: form,
        headers: member.headers,
        remoteAddress: uniqueIp(),
      })
    }
    for (let attempt = 0; attempt < IMAGE_UPLOADS_PER_10_MINUTES; attempt++) expect((await change()).statusCode).toBe(200)
    expect((await change()).statusCode).toBe(429)
  })
})
