import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, uniqueIp } from '../../../test/accounts.ts'
import { pngImage } from '../../../test/images.ts'
import { paidColumns } from '../../../test/paid-orders.ts'
import { keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

async function requestFor(member: SignedIn, fields: Record<string, string> = {}) {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: await keycodeRequestForm(fields),
    headers: member.headers,
    remoteAddress: uniqueIp(),
  })
  return answer.json().id as string
}

const changes = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return form
}

describe('PUT /vehicle/update-request/{id}', () => {
  it('changes only the fields sent, rechecking the VIN', async () => {
    const member = await registerAndSignIn(testApp)
    const id = await requestFor(member)
    const vin = validVin('1HGCR2F3', 'G', '000777')
    const answer = await testApp.app.inject({
      method: 'PUT',
      url: `/api/vehicle/update-request/${id}`,
      payload: changes({ vin }),
      headers: member.headers,
    })
    expect(answer.json()).toEqual({ message: 'Vehicle request updated successfully.' })
    const [row] = await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.id, id))
    expect(row).toMatchObject({ vin, model: 'Civic' })
  })

  it('replaces a photo and refuses a wrong VIN with its reason', async () => {
    const member = await registerAndSignIn(testApp)
    const id = await requestFor(member)
    const form = changes({})
    form.append('registration', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'reg.png')
    expect(
      (await testApp.app.inject({ method: 'PUT', url: `/api/vehicle/update-request/${id}`, payload: form, headers: member.headers }))
        .statusCode,
    ).toBe(200)
    const wrong = await testApp.app.inject({
      method: 'PUT',
      url: `/api/vehicle/update-request/${id}`,
      payload: changes({ vin: '1HGCR2F31GA000001' }),
      headers: member.headers,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toContain('check digit')
  })

  it("answers 404 for another user's request and 409 once work has started", async () => {
    const owner = await registerAndSignIn(testApp)
    const stranger = await registerAndSignIn(testApp)
    const id = await requestFor(owner)
    const stolen = await testApp.app.inject({
      method: 'PUT',
      url: `/api/vehicle/update-request/${id}`,
      payload: changes({ model: 'Accord' }),
      headers: stranger.headers,
    })
    expect(stolen.statusCode).toBe(404)
    await testApp.app.database.db
      .update(vehicleRequests)
      .set({ status: 'INPROGRESS', ...paidColumns() })
      .where(eq(vehicleRequests.id, id))
    const late = await testApp.app.inject({
      method: 'PUT',
      url: `/api/vehicle/update-request/${id}`,
      payload: changes({ model: 'Accord' }),
      headers: owner.headers,
    })
    expect(late.statusCode).toBe(409)
  })
})

describe('DELETE /vehicle/delete-request/{id}', () => {
  it('removes an unpaid pending request of its owner only', async () => {
    const owner = await registerAndSignIn(testApp)
    const stranger = await registerAndSignIn(testApp)
    const id = await requestFor(owner)
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: `/api/vehicle/delete-request/${id}`, headers: stranger.headers })).statusCode,
    ).toBe(404)
    const answer = await testApp.app.inject({ method: 'DELETE', url: `/api/vehicle/delete-request/${id}`, headers: owner.headers })
    expect(answer.json()).toEqual({ message: 'Vehicle request removed successfully!' })
    expect((await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: owner.headers })).json()).toEqual([])
  })

  it('refuses to remove a paid request', async () => {
    const owner = await registerAndSignIn(testApp)
    const id = await requestFor(owner)
    await testApp.app.database.db.update(vehicleRequests).set(paidColumns()).where(eq(vehicleRequests.id, id))
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: `/api/vehicle/delete-request/${id}`, headers: owner.headers })).statusCode,
    ).toBe(409)
  })
})

describe('cart pricing for members', () => {
  it('prices a member at the catalogue member price, and keeps the standard price where the member price is ask', async () => {
    const member = await registerAndSignIn(testApp)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, member.id))
    await requestFor(member)
    await requestFor(member, { make: 'Mitsubishi', model: 'Outlander', year: '2020', vin: validVin('JA4', 'L', '000123') })
    const items = (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: member.headers })).json()
    expect(items.find((item: { make: string }) => item.make === 'Honda')).toMatchObject({ standardPrice: 60, finalPrice: 45 })
    expect(items.find((item: { make: string }) => item.make === 'Mitsubishi')).toMatchObject({ standardPrice: 70, finalPrice: 70 })
    const tier = await testApp.app.inject({ method: 'GET', url: '/api/keycode-user/subscription', headers: member.headers })
    expect(tier.json()).toEqual({ tier: 'PROFESSIONAL' })
  })

  it('answers 401 for the subscription tier of a visitor (the client reads NONE)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/keycode-user/subscription' })).statusCode).toBe(401)
  })
})
