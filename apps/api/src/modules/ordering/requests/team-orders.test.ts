import { bulkRowLimit } from '@keydesk/contracts/bulk-limits'
import { cartLinesCents, cartTotalCents } from '@keydesk/contracts/cart-total'
import { CART_DISCOUNT_PERCENT } from '@keydesk/contracts/subscription'
import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { GOOD_PASSWORD, registerAndSignIn, type SignedIn, signedInAdmin, signIn, uniqueIp } from '../../../test/accounts.ts'
import { payInSandbox } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout } from '../../../test/payments.ts'
import { HONDA_2016_VIN, keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createLocation, enterpriseOwner, joinTeam } from '../../../test/teams.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * Orders of an Enterprise team (docs/product.md, 'Enterprise teams'; docs/decisions/039): placed for the business at a
 * location, at the business's plan, paid by the person with their own card; reached by the one access rule.
 */
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: SignedIn, payload?: object) =>
  testApp.app.inject({ method, url, headers: who.headers, payload, remoteAddress: uniqueIp() })

async function requestKeycode(who: SignedIn, fields: Record<string, string> = {}) {
  const form = await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(200000 + Math.floor(Math.random() * 99999))), ...fields })
  return testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: form,
    headers: who.headers,
    remoteAddress: uniqueIp(),
  })
}

/** Pays the whole cart at the amount the server's own lines give, as the cart screen does. */
async function payCart(who: SignedIn) {
  const lines = (await call('GET', '/api/cart/items', who)).json()
  const { totalCents } = cartTotalCents(cartLinesCents(lines), 'ENTERPRISE')
  const started = await checkout(testApp, totalCents, who.headers)
  if (started.statusCode !== 200) return started
  await payInSandbox(testApp, started.json().sessionId)
  return started
}

async function team() {
  const owner = await enterpriseOwner(testApp)
  const location = await createLocation(testApp, owner)
  const technician = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)
  return { owner, location, technician }
}

const requestRow = async (id: string) => (await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.id, id)))[0]

describe("a team member's order", () => {
  it('is placed for the business at their location, priced and promised at its Enterprise plan, and paid by them', async () => {
    const { owner, location, technician } = await team()
    const added = await requestKeycode(technician)
    expect(added.statusCode).toBe(201)
    expect(await requestRow(added.json().id)).toMatchObject({ userId: technician.id, businessId: owner.id, locationId: location.id })
    const [line] = (await call('GET', '/api/cart/items', technician)).json()
    expect(line.discountPercent).toBe(CART_DISCOUNT_PERCENT.ENTERPRISE)
    expect((await call('GET', '/api/keycode-user/subscription', technician)).json()).toMatchObject({ tier: 'ENTERPRISE' })
    expect((await payCart(technician)).statusCode).toBe(200)
    expect(await requestRow(added.json().id)).toMatchObject({ servicePlan: 'ENTERPRISE' })
  })

  it("has a receipt naming the business and the location it was ordered for, a plain member's none", async () => {
    const { technician } = await team()
    await requestKeycode(technician)
    await payCart(technician)
    const [payment] = (await call('GET', '/api/user/payments', technician)).json().payments
    expect(payment.orderedFor).toEqual({ business: 'Northside Locks', locations: ['Downtown'] })
    const pdf = await testApp.app.inject({
      method: 'GET',
      url: `/api/user/payments/${payment.id}/receipt.pdf`,
      headers: technician.headers,
    })
    const text = [...pdf.rawPayload.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)]
      .map((line) =>
        [...(line[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((run) => Buffer.from(run[1] ?? '', 'hex').toString('latin1')).join(''),
      )
      .join('\n')
    expect(text).toContain('Ordered for')
    expect(text).toContain('Northside Locks, Downtown')
    const plain = await registerAndSignIn(testApp)
    await requestKeycode(plain)
    await checkout(testApp, 6000, plain.headers).then((started) => payInSandbox(testApp, started.json().sessionId))
    expect((await call('GET', '/api/user/payments', plain)).json().payments[0].orderedFor).toBeNull()
  })

  it("has month's receipts CSV rows naming the business and each keycode's own location, its refund's too", async () => {
    const owner = await enterpriseOwner(testApp)
    const first = await createLocation(testApp, owner, 'First')
    const second = await createLocation(testApp, owner, 'Second')
    const manager = await joinTeam(testApp, owner, 'MANAGER', first.id)
    const given = await call('PATCH', `/api/team/people/${manager.id}`, owner, { role: 'MANAGER', locationIds: [first.id, second.id] })
    expect(given.statusCode).toBe(200)
    const atFirst = (await requestKeycode(manager, { locationId: first.id })).json().id
    expect((await requestKeycode(manager, { locationId: second.id })).statusCode).toBe(201)
    await payCart(manager)
    const admin = await signedInAdmin(testApp)
    const refunded = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${atFirst}/no-keycode`,
      headers: admin.headers,
      payload: { reason: 'NO_CODE_IN_PORTAL', note: 'The portal has no record of this VIN.' },
    })
    expect(refunded.statusCode).toBe(200)
    const month = new Date().toISOString().slice(0, 7)
    const csv = await call('GET', `/api/user/payments/receipts.csv?month=${month}`, manager)
    expect(csv.statusCode).toBe(200)
    const [header, ...rows] = csv.body.trim().split('\r\n')
    expect(header?.split(',').slice(-2)).toEqual(['"Business"', '"Location"'])
    const placeAndAmount = rows.map((row) => row.split(',').slice(-3))
    expect(placeAndAmount).toHaveLength(3)
    expect(
      placeAndAmount
        .filter(([amount]) => !amount?.startsWith('-'))
        .map(([, ...place]) => place)
        .sort(),
    ).toEqual([
      ['"Northside Locks"', '"First"'],
      ['"Northside Locks"', '"Second"'],
    ])
    expect(placeAndAmount.find(([amount]) => amount?.startsWith('-'))?.slice(1)).toEqual(['"Northside Locks"', '"First"'])
  })

  it("orders in bulk up to the business's Enterprise rows, past Professional's limit", async () => {
    const { technician } = await team()
    const checked = await call('POST', '/api/bulk/check', technician, { text: HONDA_2016_VIN })
    expect(checked.statusCode).toBe(200)
    expect(checked.json().rowLimit).toBe(bulkRowLimit('ENTERPRISE'))
  })

  it('of a manager with several locations names one of theirs, never another', async () => {
    const owner = await enterpriseOwner(testApp)
    const first = await createLocation(testApp, owner, 'First')
    const manager = await joinTeam(testApp, owner, 'MANAGER', first.id)
    const second = await createLocation(testApp, owner, 'Second')
    const { location: foreign } = await team()
    const given = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/team/people/${manager.id}`,
      headers: owner.headers,
      payload: { role: 'MANAGER', locationIds: [first.id, second.id] },
    })
    expect(given.statusCode).toBe(200)
    const unnamed = await requestKeycode(manager)
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json().message).toBe(TEAM_MESSAGES.chooseLocation)
    expect((await requestKeycode(manager, { locationId: foreign.id })).statusCode).toBe(404)
    const named = await requestKeycode(manager, { locationId: second.id })
    expect(named.statusCode).toBe(201)
    expect(await requestRow(named.json().id)).toMatchObject({ businessId: owner.id, locationId: second.id })
  })

  it('an owner of an active Enterprise business orders for it; a plain member orders for themselves alone', async () => {
    const { owner } = await team()
    const ownersOwn = await requestKeycode(owner)
    expect(await requestRow(ownersOwn.json().id)).toMatchObject({ businessId: owner.id, locationId: null })
    const plain = await registerAndSignIn(testApp)
    const plainOwn = await requestKeycode(plain)
    expect(await requestRow(plainOwn.json().id)).toMatchObject({ businessId: null, locationId: null })
  })
})

describe('a team member buys', () => {
  it('no plan and no trial of their own', async () => {
    const { technician } = await team()
    const plan = await call('POST', '/api/cart/addSubscription', technician, { tier: 'PROFESSIONAL', billing: 'MONTHLY' })
    expect(plan.statusCode).toBe(409)
    expect(plan.json().message).toBe(TEAM_MESSAGES.planOfBusiness)
    const trial = await call('POST', '/api/trial/start?tier=BASIC', technician)
    expect(trial.statusCode).toBe(409)
    expect(trial.json().message).toBe(TEAM_MESSAGES.planOfBusiness)
  })
})

describe('a business that left Enterprise', () => {
  it('has its people order nothing and pay for nothing placed for it, and keeps their history readable', async () => {
    const { owner, technician } = await team()
    const paid = await requestKeycode(technician)
    await payCart(technician)
    await requestKeycode(technician)
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'NONE' }).where(eq(users.id, owner.id))
    const refused = await requestKeycode(technician)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(TEAM_MESSAGES.notEnterprise)
    const payment = await checkout(testApp, 6000, technician.headers)
    expect(payment.statusCode).toBe(403)
    expect(payment.json().message).toBe(TEAM_MESSAGES.notEnterprise)
    expect((await call('GET', '/api/keycode-user/subscription', technician)).json()).toMatchObject({ tier: 'NONE' })
    const listed = (await call('GET', '/api/vehicle/user-requests', technician)).json()
    expect(listed.pendingRequests.map((row: { id: string }) => row.id)).toContain(paid.json().id)
  })
})

describe('the access rule', () => {
  it('takes the orders placed for the business away from a person removed from its team', async () => {
    const { owner, technician } = await team()
    const placed = await requestKeycode(technician)
    await payCart(technician)
    expect((await call('GET', `/api/vehicle/order-tracker?requestId=${placed.json().id}`, technician)).statusCode).toBe(200)
    expect(JSON.stringify((await call('GET', '/api/user/orders', technician)).json())).toContain(placed.json().id)
    const reportBefore = await call('POST', '/api/vehicle/problem-reports', technician, {
      vehicleRequestId: placed.json().id,
      reason: 'CHARGED_WRONGLY',
      message: 'I was charged twice for this one.',
    })
    expect(reportBefore.statusCode).toBe(201)
    await testApp.app.inject({ method: 'DELETE', url: `/api/team/people/${technician.id}`, headers: owner.headers })
    const again = await signIn(testApp, technician.email, GOOD_PASSWORD)
    const listed = (await call('GET', '/api/vehicle/user-requests', again)).json()
    expect(JSON.stringify(listed)).not.toContain(placed.json().id)
    expect((await call('GET', `/api/vehicle/order-tracker?requestId=${placed.json().id}`, again)).statusCode).toBe(404)
    expect(JSON.stringify((await call('GET', '/api/user/orders', again)).json())).not.toContain(placed.json().id)
    const report = await call('POST', '/api/vehicle/problem-reports', again, {
      vehicleRequestId: placed.json().id,
      reason: 'CHARGED_WRONGLY',
      message: 'I was charged twice for this one.',
    })
    expect(report.statusCode).toBe(404)
    const contact = await call('POST', '/api/support/contact', again, {
      name: 'Tomas Tech',
      email: again.email,
      subject: 'About my order',
      message: 'Where is this code?',
      requestId: placed.json().id,
    })
    expect(contact.statusCode).toBe(404)
    expect(await requestRow(placed.json().id)).toMatchObject({ businessId: owner.id, userId: technician.id })
  })

  it("opens an order's photos to its buyer, the owner and the location's manager; not to a manager elsewhere, another business, or the buyer once removed", async () => {
    const { owner, location, technician } = await team()
    const manager = await joinTeam(testApp, owner, 'MANAGER', location.id)
    const elsewhere = await joinTeam(testApp, owner, 'MANAGER', (await createLocation(testApp, owner, 'Elsewhere')).id)
    const { owner: stranger } = await team()
    const placed = await requestKeycode(technician)
    const photo = (await requestRow(placed.json().id))?.frontIdFileId
    const open = (who: SignedIn) => call('GET', `/api/files/${photo}`, who).then((answer) => answer.statusCode)
    expect(await open(technician)).toBe(200)
    expect(await open(owner)).toBe(200)
    expect(await open(manager)).toBe(200)
    expect(await open(elsewhere)).toBe(404)
    expect(await open(stranger)).toBe(404)
    await testApp.app.inject({ method: 'DELETE', url: `/api/team/people/${technician.id}`, headers: owner.headers })
    expect(await open(await signIn(testApp, technician.email, GOOD_PASSWORD))).toBe(404)
    expect(await open(owner)).toBe(200)
  })

  it("keeps a removed person's unpaid business orders out of their reach, and unpayable", async () => {
    const { owner, technician } = await team()
    await addRequestsToCart(testApp, 1, technician.headers)
    await testApp.app.inject({ method: 'DELETE', url: `/api/team/people/${technician.id}`, headers: owner.headers })
    const again = await signIn(testApp, technician.email, GOOD_PASSWORD)
    const payment = await checkout(testApp, 6000, again.headers)
    expect(payment.statusCode).toBe(403)
    expect(payment.json().message).toBe(TEAM_MESSAGES.leftTeam)
  })

  it("gives no one of another business a technician's order", async () => {
    const { technician } = await team()
    const { owner: stranger, technician: strangerTechnician } = await team()
    const placed = await requestKeycode(technician)
    await payCart(technician)
    for (const who of [stranger, strangerTechnician]) {
      expect((await call('GET', `/api/vehicle/order-tracker?requestId=${placed.json().id}`, who)).statusCode).toBe(404)
      expect(JSON.stringify((await call('GET', '/api/vehicle/user-requests', who)).json())).not.toContain(placed.json().id)
    }
  })
})

describe('a technician removed', () => {
  it('signs in to their own account again, without the business or its plan', async () => {
    const { owner, technician } = await team()
    await testApp.app.inject({ method: 'DELETE', url: `/api/team/people/${technician.id}`, headers: owner.headers })
    const again = await signIn(testApp, technician.email, GOOD_PASSWORD)
    expect((await call('GET', '/api/team/membership', again)).json()).toBeNull()
    expect((await call('GET', '/api/keycode-user/subscription', again)).json()).toMatchObject({ tier: 'NONE' })
  })
})
