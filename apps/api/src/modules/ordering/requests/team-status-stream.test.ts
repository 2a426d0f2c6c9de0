import type { AddressInfo } from 'node:net'
import { cartLinesCents, cartTotalCents } from '@keydesk/contracts/cart-total'
import type { RequestStatusEvent } from '@keydesk/contracts/request-status'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SignedIn, signIn, uniqueIp } from '../../../test/accounts.ts'
import { type OpenStream, openStream } from '../../../test/event-stream.ts'
import { createMember, type TestMember } from '../../../test/members.ts'
import { payInSandbox } from '../../../test/paid-orders.ts'
import { checkout } from '../../../test/payments.ts'
import { keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createLocation, enterpriseOwner, joinTeam } from '../../../test/teams.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * The live status of an Enterprise business's orders (docs/decisions/039): the stream of every account the one access
 * rule gives an order carries its changes (the buyer, the business's owner, the managers of its location), and no
 * other account's does.
 */
const STATUS_STREAM = '/api/vehicle/user-requests/stream'

let testApp: TestApp
let base: string
let admin: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await createMember(testApp, 'ADMIN')
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await testApp.close()
})

const start = (requestId: string) =>
  testApp.app.inject({ method: 'POST', url: `/api/admin/update-request-status/${requestId}`, headers: admin.auth })

let serial = 300000
/** A keycode request of `who` (for their business at their location, on a team) paid at the cart's own total. */
async function orderAndPay(who: SignedIn): Promise<string> {
  const form = await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(++serial)) })
  const added = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: form,
    headers: who.headers,
    remoteAddress: uniqueIp(),
  })
  expect(added.statusCode, added.body).toBe(201)
  const lines = (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers: who.headers })).json()
  const tier = lines[0]?.discountPercent > 0 ? 'ENTERPRISE' : 'NONE'
  const started = await checkout(testApp, cartTotalCents(cartLinesCents(lines), tier).totalCents, who.headers)
  expect(started.statusCode, started.body).toBe(200)
  await payInSandbox(testApp, started.json().sessionId)
  return added.json().id
}

const eventsIn = (stream: OpenStream) =>
  stream
    .received()
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as RequestStatusEvent)

/** A business with two locations, a manager and a technician at each. */
async function business() {
  const owner = await enterpriseOwner(testApp)
  const downtown = await createLocation(testApp, owner, 'Downtown')
  const uptown = await createLocation(testApp, owner, 'Uptown')
  return {
    owner,
    downtownManager: await joinTeam(testApp, owner, 'MANAGER', downtown.id),
    downtownTechnician: await joinTeam(testApp, owner, 'TECHNICIAN', downtown.id),
    uptownManager: await joinTeam(testApp, owner, 'MANAGER', uptown.id),
    uptownTechnician: await joinTeam(testApp, owner, 'TECHNICIAN', uptown.id),
  }
}

describe("the status stream of a business's orders", () => {
  it("tells the business's owner and the managers of the order's location, beside its buyer, when it is paid and started", async () => {
    const team = await business()
    const streams = await Promise.all(
      [team.owner, team.downtownManager, team.downtownTechnician].map((who) => openStream(base, who.headers, STATUS_STREAM)),
    )
    const requestId = await orderAndPay(team.downtownTechnician)
    expect((await start(requestId)).statusCode).toBe(200)
    for (const stream of streams) await stream.waitFor(JSON.stringify({ requestId, status: 'INPROGRESS' }))
    for (const stream of streams) {
      expect(eventsIn(stream)).toEqual([
        { requestId, status: 'PENDING' },
        { requestId, status: 'INPROGRESS' },
      ])
    }
    for (const stream of streams) stream.close()
  })

  it("tells no technician or manager of another location, and nobody of another business, of the business's orders", async () => {
    const team = await business()
    const other = await business()
    const bystanders = [team.uptownManager, team.uptownTechnician, other.owner, other.downtownManager]
    const ownerStream = await openStream(base, team.owner.headers, STATUS_STREAM)
    const streams = await Promise.all(bystanders.map((who) => openStream(base, who.headers, STATUS_STREAM)))
    const requestId = await orderAndPay(team.downtownTechnician)
    expect((await start(requestId)).statusCode).toBe(200)
    await ownerStream.waitFor(JSON.stringify({ requestId, status: 'INPROGRESS' }))
    // Each bystander's own order is told after that one on the same process, in order: once it is here, a leak would be too.
    for (const [index, who] of [team.uptownTechnician, other.downtownTechnician].entries()) {
      const own = await orderAndPay(who)
      const told = index === 0 ? streams.slice(0, 2) : streams.slice(2)
      for (const stream of told) await stream.waitFor(JSON.stringify({ requestId: own, status: 'PENDING' }))
    }
    for (const stream of streams) {
      expect(stream.received()).not.toContain(requestId)
      expect(eventsIn(stream)).toHaveLength(1)
    }
    for (const stream of [ownerStream, ...streams]) stream.close()
  })

  it('no longer tells a person removed from the team of the orders they placed for the business', async () => {
    const team = await business()
    const requestId = await orderAndPay(team.downtownTechnician)
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/team/people/${team.downtownTechnician.id}`,
      headers: team.owner.headers,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    // Signed in again to their own account, without the business.
    const former = await signIn(testApp, team.downtownTechnician.email, team.downtownTechnician.password)
    const ownerStream = await openStream(base, team.owner.headers, STATUS_STREAM)
    const formerStream = await openStream(base, former.headers, STATUS_STREAM)
    expect(formerStream.status).toBe(200)
    expect((await start(requestId)).statusCode).toBe(200)
    await ownerStream.waitFor(JSON.stringify({ requestId, status: 'INPROGRESS' }))
    const own = await orderAndPay(former)
    await formerStream.waitFor(JSON.stringify({ requestId: own, status: 'PENDING' }))
    expect(formerStream.received()).not.toContain(requestId)
    for (const stream of [ownerStream, formerStream]) stream.close()
  })
})
