import { NO_LOCATION_LABEL, TEAM_SPEND_COLUMNS } from '@keydesk/contracts/teams'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, uniqueIp } from '../../../test/accounts.ts'
import { paidColumns, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createLocation, enterpriseOwner, joinTeam } from '../../../test/teams.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * The business's order list and its month's spend per location (docs/product.md, 'Enterprise teams'): the owner sees
 * every order, a manager their locations', a technician their own, with the released code; nobody of another
 * business sees any.
 */
let testApp: TestApp
let serial = 300000

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const get = (url: string, who: SignedIn) => testApp.app.inject({ method: 'GET', url, headers: who.headers })
const db = () => testApp.app.database.db

/** A request placed through the form (so it carries its business and location), then marked paid on `paidAt`. */
async function paidOrder(
  who: SignedIn,
  { cents = 4500, paidAt = new Date(), locationId }: { cents?: number; paidAt?: Date; locationId?: string } = {},
) {
  const form = await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(serial++)), ...(locationId ? { locationId } : {}) })
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: form,
    headers: who.headers,
    remoteAddress: uniqueIp(),
  })
  if (answer.statusCode !== 201) throw new Error(`request refused ${answer.body}`)
  const id: string = answer.json().id
  await db()
    .update(vehicleRequests)
    .set({ ...paidColumns(paidAt, 'ENTERPRISE'), paidPriceCents: cents })
    .where(eq(vehicleRequests.id, id))
  return id
}

async function release(buyerId: string, requestId: string, keycode: string) {
  await db().update(users).set({ isValidatedUser: true }).where(eq(users.id, buyerId))
  const admin = await signedInAdmin(testApp)
  expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
  expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode, pincode: '' })).statusCode).toBe(200)
}

async function business() {
  const owner = await enterpriseOwner(testApp)
  const north = await createLocation(testApp, owner, 'North')
  const south = await createLocation(testApp, owner, 'South')
  const northTech = await joinTeam(testApp, owner, 'TECHNICIAN', north.id)
  const southTech = await joinTeam(testApp, owner, 'TECHNICIAN', south.id)
  const northManager = await joinTeam(testApp, owner, 'MANAGER', north.id)
  return { owner, north, south, northTech, southTech, northManager }
}

const ids = (answer: { json(): { orders: { id: string }[] } }) => answer.json().orders.map((order) => order.id)

describe('the business order list', () => {
  it('shows the owner every order of the business with its person, location and released code', async () => {
    const { owner, north, northTech, southTech } = await business()
    const northOrder = await paidOrder(northTech)
    const southOrder = await paidOrder(southTech)
    await release(northTech.id, northOrder, 'KC-4471')
    const answer = await get('/api/team/orders', owner)
    expect(answer.statusCode).toBe(200)
    expect(ids(answer).sort()).toEqual([northOrder, southOrder].sort())
    const released = answer.json().orders.find((order: { id: string }) => order.id === northOrder)
    expect(released).toMatchObject({
      status: 'FULFILLED',
      keycode: 'KC-4471',
      buyer: { id: northTech.id, name: 'Tomas Tech' },
      location: { id: north.id, name: 'North' },
      amountCents: 4500,
    })
  })

  it('filters by location, by person, by status and by month', async () => {
    const { owner, north, northTech, southTech } = await business()
    const inNorth = await paidOrder(northTech, { paidAt: new Date('2026-03-10T12:00:00Z') })
    const inSouth = await paidOrder(southTech, { paidAt: new Date('2026-04-02T12:00:00Z') })
    expect(ids(await get(`/api/team/orders?locationId=${north.id}`, owner))).toEqual([inNorth])
    expect(ids(await get(`/api/team/orders?personId=${southTech.id}`, owner))).toEqual([inSouth])
    expect(ids(await get('/api/team/orders?month=2026-03', owner))).toEqual([inNorth])
    expect(ids(await get('/api/team/orders?status=FULFILLED', owner))).toEqual([])
  })

  it('pages newest first, each page after the last one', async () => {
    const { owner, northTech } = await business()
    const placed = [await paidOrder(northTech), await paidOrder(northTech), await paidOrder(northTech)]
    const first = await get('/api/team/orders?limit=2', owner)
    expect(first.json().nextBefore).not.toBeNull()
    const second = await get(`/api/team/orders?limit=2&before=${encodeURIComponent(first.json().nextBefore)}`, owner)
    expect(second.json().nextBefore).toBeNull()
    expect([...ids(first), ...ids(second)].sort()).toEqual([...placed].sort())
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(3)
  })

  it("shows a manager their location's orders and a technician their own, nothing else", async () => {
    const { northManager, northTech, southTech } = await business()
    const northOrder = await paidOrder(northTech)
    const southOrder = await paidOrder(southTech)
    expect(ids(await get('/api/team/orders', northManager))).toEqual([northOrder])
    expect(ids(await get('/api/team/orders', northTech))).toEqual([northOrder])
    expect(ids(await get('/api/team/orders', southTech))).toEqual([southOrder])
  })

  it('shows no one of another business any of its orders, whatever the filters', async () => {
    const { north, northTech } = await business()
    await paidOrder(northTech)
    const stranger = await business()
    for (const who of [stranger.owner, stranger.northManager, stranger.northTech]) {
      expect(ids(await get('/api/team/orders', who))).toEqual([])
      expect(ids(await get(`/api/team/orders?locationId=${north.id}`, who))).toEqual([])
      expect(ids(await get(`/api/team/orders?personId=${northTech.id}`, who))).toEqual([])
    }
  })

  it('is refused to an account without a team', async () => {
    const plain = await registerAndSignIn(testApp)
    expect((await get('/api/team/orders', plain)).statusCode).toBe(403)
    expect((await get('/api/team/spend.csv?month=2026-03', plain)).statusCode).toBe(403)
  })

  it('stays readable to the owner after the business left Enterprise', async () => {
    const { owner, northTech } = await business()
    const order = await paidOrder(northTech)
    await db().update(users).set({ subscriptionTier: 'NONE' }).where(eq(users.id, owner.id))
    expect(ids(await get('/api/team/orders', owner))).toEqual([order])
  })
})

describe("the month's spend per location", () => {
  it('adds up each location’s orders paid that month, the owner’s own at no location, and a total', async () => {
    const { owner, northTech, southTech } = await business()
    const march = new Date('2026-03-15T12:00:00Z')
    await paidOrder(northTech, { cents: 4500, paidAt: march })
    await paidOrder(northTech, { cents: 3000, paidAt: march })
    await paidOrder(southTech, { cents: 6000, paidAt: march })
    await paidOrder(owner, { cents: 1000, paidAt: march })
    await paidOrder(southTech, { cents: 9999, paidAt: new Date('2026-04-01T00:00:00Z') })
    const answer = await get('/api/team/spend.csv?month=2026-03', owner)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toContain('text/csv')
    expect(answer.body.split('\r\n').filter(Boolean)).toEqual([
      TEAM_SPEND_COLUMNS.map((column) => `"${column}"`).join(','),
      `"${NO_LOCATION_LABEL}",1,10.00`,
      '"North",2,75.00',
      '"South",1,60.00',
      '"Total",4,145.00',
    ])
  })

  it("gives a manager their locations' spend only", async () => {
    const { northManager, northTech, southTech } = await business()
    const march = new Date('2026-03-15T12:00:00Z')
    await paidOrder(northTech, { cents: 4500, paidAt: march })
    await paidOrder(southTech, { cents: 6000, paidAt: march })
    const lines = (await get('/api/team/spend.csv?month=2026-03', northManager)).body.split('\r\n').filter(Boolean)
    expect(lines.slice(1)).toEqual(['"North",1,45.00', '"Total",1,45.00'])
  })
})
