import { ProfileSchema } from '@keydesk/contracts/profile'
import { POSTAL_CODE_MESSAGE } from '@keydesk/contracts/states'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../../db/schema/files.ts'
import { vehicleMakes, vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { notAnImage, pngImage } from '../../../test/images.ts'
import { createMember, type TestMember } from '../../../test/members.ts'
import { paidColumns } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let member: TestMember
let other: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  member = await createMember(testApp, 'BASEUSER', { phone: '555-0100', state: 'Texas', company: 'Locke Keys' })
  other = await createMember(testApp, 'BASEUSER', { fname: 'Other', company: 'Other Co' })
})
afterAll(() => testApp.close())

function form(fields: Record<string, string>, uploads: Record<string, { data: Buffer; name: string; type: string }> = {}) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  for (const [name, file] of Object.entries(uploads))
    body.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  return body
}
const putProfile = (headers: Record<string, string>, payload: FormData) =>
  testApp.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload })

describe('GET /user/profile', () => {
  it("answers the signed-in member's own profile", async () => {
    const response = await testApp.app.inject({ url: '/api/user/profile', headers: member.auth })
    expect(response.statusCode).toBe(200)
    expect(ProfileSchema.parse(response.json())).toMatchObject({
      firstName: 'Test',
      email: member.email,
      phone: '555-0100',
      company: 'Locke Keys',
      state: 'Texas',
      address: null,
      profilePhoto: null,
    })
  })

  it('refuses a visitor', async () => {
    expect((await testApp.app.inject({ url: '/api/user/profile' })).statusCode).toBe(401)
  })

  it("never answers another member's profile, whatever the query asks", async () => {
    const response = await testApp.app.inject({ url: `/api/user/profile?userId=${other.id}&id=${other.id}`, headers: member.auth })
    expect(response.json().email).toBe(member.email)
    expect(response.body).not.toContain('Other Co')
  })
})

describe('PUT /user/profile', () => {
  it('updates names, contact and address fields but never the e-mail', async () => {
    const response = await putProfile(
      member.auth,
      form({ firstName: 'Dana', lastName: 'Locke', address: '1 Main St', city: 'Austin', zipCode: '73301', email: 'hijack@example.com' }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ firstName: 'Dana', lastName: 'Locke', address: '1 Main St', city: 'Austin', zipCode: '73301' })
    expect(response.json().email).toBe(member.email)
    const [row] = await testApp.app.database.db.select().from(users).where(eq(users.id, member.id))
    expect(row?.email).toBe(member.email)
    expect(row?.fname).toBe('Dana')
  })

  it('takes a Canadian province and postal code, and refuses a postal code of neither country', async () => {
    const canadian = await putProfile(member.auth, form({ city: 'Toronto', state: 'Ontario', zipCode: 'M5V 2T6' }))
    expect(canadian.statusCode).toBe(200)
    expect(canadian.json()).toMatchObject({ state: 'Ontario', zipCode: 'M5V 2T6' })
    const wrong = await putProfile(member.auth, form({ zipCode: '1234' }))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain(POSTAL_CODE_MESSAGE)
    const [row] = await testApp.app.database.db.select().from(users).where(eq(users.id, member.id))
    expect(row?.fname).not.toBeNull()
  })

  it('stores a profile photo and a company logo as files owned by the member', async () => {
    const image = await pngImage()
    const response = await putProfile(
      member.auth,
      form(
        {},
        {
          profilePhoto: { data: image, name: 'me.png', type: 'image/png' },
          companyLogo: { data: image, name: 'logo.png', type: 'image/png' },
        },
      ),
    )
    expect(response.statusCode).toBe(200)
    const profile = ProfileSchema.parse(response.json())
    expect(profile.profilePhoto).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
    expect(profile.companyLogo).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/)
    const photoId = profile.profilePhoto?.split('/').pop() ?? ''
    const [file] = await testApp.app.database.db.select().from(files).where(eq(files.id, photoId))
    expect(file).toMatchObject({ ownerUserId: member.id, purpose: 'PROFILE_PHOTO', contentType: 'image/png' })
    expect(await testApp.app.storage.exists(file?.storageKey ?? '')).toBe(true)
  })

  it('serves the photo through the file route to its owner only, never to another member', async () => {
    const image = await pngImage()
    const profile = ProfileSchema.parse(
      (await putProfile(member.auth, form({}, { profilePhoto: { data: image, name: 'me.png', type: 'image/png' } }))).json(),
    )
    const url = profile.profilePhoto ?? ''
    const asOwner = await testApp.app.inject({ url, headers: member.auth })
    expect(asOwner.statusCode).toBe(200)
    expect(asOwner.headers['content-type']).toContain('image/png')
    expect((await testApp.app.inject({ url, headers: other.auth })).statusCode).toBe(404)
    expect((await testApp.app.inject({ url })).statusCode).toBe(401)
  })

  it('replaces the previous photo and removes it from storage', async () => {
    const image = await pngImage()
    const first = ProfileSchema.parse(
      (await putProfile(member.auth, form({}, { profilePhoto: { data: image, name: 'a.png', type: 'image/png' } }))).json(),
    )
    const firstId = first.profilePhoto?.split('/').pop() ?? ''
    const [firstFile] = await testApp.app.database.db.select().from(files).where(eq(files.id, firstId))
    await putProfile(member.auth, form({}, { profilePhoto: { data: image, name: 'b.png', type: 'image/png' } }))
    expect(await testApp.app.database.db.select().from(files).where(eq(files.id, firstId))).toEqual([])
    expect(await testApp.app.storage.exists(firstFile?.storageKey ?? '')).toBe(false)
  })

  it('refuses a photo that is not an image by its content, whatever its name and type', async () => {
    const response = await putProfile(member.auth, form({}, { profilePhoto: { data: notAnImage, name: 'photo.png', type: 'image/png' } }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(UPLOAD_MESSAGES.imagesOnly)
  })

  it('refuses an empty first name with the documented text', async () => {
    const response = await putProfile(member.auth, form({ firstName: '  ' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('First name is required')
  })

  it('refuses a visitor', async () => {
    expect((await putProfile({}, form({ firstName: 'X' }))).statusCode).toBe(401)
  })

  it("changes only the caller's own profile", async () => {
    await putProfile(member.auth, form({ company: 'Changed By Member', userId: other.id }))
    const [row] = await testApp.app.database.db.select().from(users).where(eq(users.id, other.id))
    expect(row?.company).toBe('Other Co')
  })
})

describe('GET /user/orders', () => {
  let orderer: TestMember

  beforeAll(async () => {
    orderer = await createMember(testApp, 'BASEUSER')
    // The catalogue is seeded at start-up; the row is added only where it is not.
    await testApp.app.database.db
      .insert(vehicleMakes)
      .values({ name: 'Ford', category: 'Domestic', basePriceCents: 7000, memberPriceCents: 5500 })
      .onConflictDoNothing()
    const [make] = await testApp.app.database.db.select({ id: vehicleMakes.id }).from(vehicleMakes).where(eq(vehicleMakes.name, 'Ford'))
    const base = { userId: orderer.id, makeId: make?.id ?? 0, model: 'F-150', year: 2020, priceCents: 7000 }
    await testApp.app.database.db.insert(vehicleRequests).values([
      { ...base, vin: '1FTFW1E50LFA00001', status: 'PENDING', ...paidColumns(new Date('2026-01-01T10:00:00Z')) },
      { ...base, vin: '1FTFW1E50LFA00002', status: 'FULFILLED', ...paidColumns(new Date('2026-01-02T10:00:00Z')) },
      { ...base, vin: '1FTFW1E50LFA00003', status: 'PENDING' },
      { ...base, userId: other.id, vin: '1FTFW1E50LFA09999', status: 'INPROGRESS', ...paidColumns(new Date('2026-01-03T10:00:00Z')) },
    ])
  })

  it('answers the status map and the paid orders newest first with the VIN masked but its last 4', async () => {
    const response = await testApp.app.inject({ url: '/api/user/orders', headers: orderer.auth })
    expect(response.statusCode).toBe(200)
    const answer = response.json()
    expect(answer.statusMap).toEqual({ PENDING: 1, INPROGRESS: 0, FULFILLED: 1, REFUNDED: 0 })
    expect(answer.status).toMatchObject({ PROCESSING: false, COMPLETED: true })
    expect(answer.orders.map((order: { vin: string }) => order.vin)).toEqual(['*************0002', '*************0001'])
    expect(answer.orders[0]).toMatchObject({ status: 'FULFILLED', cost: 7000, make: 'Ford', orderDate: '2026-01-02T10:00:00.000Z' })
    expect(response.body).not.toContain('1FTFW1E50LFA')
  })

  it("never includes another member's orders", async () => {
    const response = await testApp.app.inject({ url: `/api/user/orders?userId=${other.id}`, headers: orderer.auth })
    expect(response.body).not.toContain('9999')
    expect(response.json().statusMap.INPROGRESS).toBe(0)
  })

  it('pages with page and pageSize', async () => {
    const response = await testApp.app.inject({ url: '/api/user/orders?page=2&pageSize=1', headers: orderer.auth })
    expect(response.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 })
    expect(response.json().orders.map((order: { vin: string }) => order.vin)).toEqual(['*************0001'])
  })

  it('refuses a visitor', async () => {
    expect((await testApp.app.inject({ url: '/api/user/orders' })).statusCode).toBe(401)
  })
})
