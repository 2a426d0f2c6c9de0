import { ADMIN_MESSAGES } from '@keydesk/contracts/admin-messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { signedInAdmin, uniqueIp } from '../../../test/accounts.ts'
import { paidColumns, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createLocation, enterpriseOwner, joinTeam } from '../../../test/teams.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

/**
 * The release gate checks the business as well as the person (docs/decisions/039): a revoked or unvalidated business
 * blocks every one of its people's releases, an override reason included.
 */
let testApp: TestApp
let serial = 400000

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db

/** A validated technician's paid order, placed for the business, started by an admin and waiting for its code. */
async function startedTeamOrder() {
  const owner = await enterpriseOwner(testApp)
  const location = await createLocation(testApp, owner)
  const technician = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)
  await db().update(users).set({ isValidatedUser: true }).where(eq(users.id, technician.id))
  const form = await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(serial++)) })
  const placed = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: form,
    headers: technician.headers,
    remoteAddress: uniqueIp(),
  })
  const requestId: string = placed.json().id
  await db()
    .update(vehicleRequests)
    .set({ ...paidColumns(new Date(), 'ENTERPRISE'), paidPriceCents: 4500 })
    .where(eq(vehicleRequests.id, requestId))
  const admin = await signedInAdmin(testApp)
  expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
  return { owner, admin, requestId }
}

const override = { overrideReason: 'Confirmed by phone with the shop.' }

describe("the queue's view of a team member's order", () => {
  it('names the business and the location beside the person, with the business standing the gate weighs', async () => {
    const { owner, admin, requestId } = await startedTeamOrder()
    await db().update(users).set({ isValidatedUser: false }).where(eq(users.id, owner.id))
    const queue = (
      await testApp.app.inject({ method: 'GET', url: '/api/admin/in-progress-requests?limit=100', headers: admin.headers })
    ).json()
    const row = queue.find((request: { id: string }) => request.id === requestId)
    expect(row.business).toEqual({ id: owner.id, name: 'Northside Locks', location: 'Downtown', active: true, validated: false })
  })
})

describe("the release of a team member's code", () => {
  it('goes out when the person and the business are validated and active', async () => {
    const { admin, requestId } = await startedTeamOrder()
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-2001' })).statusCode).toBe(200)
  })

  it('is held while the business is revoked, even with a reason', async () => {
    const { owner, admin, requestId } = await startedTeamOrder()
    await db().update(users).set({ isActive: false }).where(eq(users.id, owner.id))
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-2002', ...override })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(ADMIN_MESSAGES.releaseBusinessRevoked)
  })

  it('is held while the business is not validated, even with a reason', async () => {
    const { owner, admin, requestId } = await startedTeamOrder()
    await db().update(users).set({ isValidatedUser: false }).where(eq(users.id, owner.id))
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-2003', ...override })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(ADMIN_MESSAGES.releaseBusinessNotValidated)
  })
})
