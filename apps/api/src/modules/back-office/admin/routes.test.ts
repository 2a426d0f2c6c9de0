import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, uniqueIp } from '../../../test/accounts.ts'
import { paidColumns } from '../../../test/paid-orders.ts'
import { keycodeRequestForm, validVin } from '../../../test/requests.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { openBodies } from '../../platform/mail/outbox.ts'

let testApp: TestApp
let admin: SignedIn
let owner: SignedIn
let serial = 100

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
  owner = await registerAndSignIn(testApp)
  // A validated member, so these tests of the queue pass the release gate (release-gate.test.ts tests the gate).
  await testApp.app.database.db.update(users).set({ isValidatedUser: true }).where(eq(users.id, owner.id))
})

afterAll(async () => {
  await testApp.close()
})

/** A keycode request by `owner`, paid unless told otherwise (payments mark paid_at). */
async function request({ isPaid = true } = {}) {
  serial += 1
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/vehicle/request-keycode-public',
    payload: await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(serial).padStart(6, '0')) }),
    headers: owner.headers,
    remoteAddress: uniqueIp(),
  })
  const id = answer.json().id as string
  if (isPaid) await testApp.app.database.db.update(vehicleRequests).set(paidColumns()).where(eq(vehicleRequests.id, id))
  return id
}

const start = (id: string, who: SignedIn = admin) =>
  testApp.app.inject({ method: 'POST', url: `/api/admin/update-request-status/${id}`, headers: who.headers })
const fulfil = (payload: object, who: SignedIn = admin) =>
  testApp.app.inject({ method: 'POST', url: '/api/admin/process-request', payload, headers: who.headers })

describe('admin request queue', () => {
  it('lists paid pending requests with the owner e-mail and plain-text make, never unpaid ones', async () => {
    const paid = await request()
    const unpaid = await request({ isPaid: false })
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests?limit=100', headers: admin.headers })).json()
    const ids = list.map((entry: { id: string }) => entry.id)
    expect(ids).toContain(paid)
    expect(ids).not.toContain(unpaid)
    expect(list.find((entry: { id: string }) => entry.id === paid)).toMatchObject({
      make: 'Honda',
      keycodeUserEmail: owner.email,
      status: 'PENDING',
    })
  })

  it('refuses a business user (403) and a visitor (401)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests', headers: owner.headers })).statusCode).toBe(403)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests' })).statusCode).toBe(401)
    expect((await start(await request(), owner)).statusCode).toBe(403)
  })
})

describe('start and fulfil', () => {
  it("moves PENDING to INPROGRESS with 'Status updated to In Progress', once", async () => {
    const id = await request()
    const first = await start(id)
    expect(first.json()).toEqual({ message: 'Status updated to In Progress' })
    expect((await start(id)).statusCode).toBe(409)
    const [row] = await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.id, id))
    expect(row).toMatchObject({ status: 'INPROGRESS', startedBy: admin.id })
  })

  it('lets exactly one of two admins starting at once win', async () => {
    const id = await request()
    const statuses = (await Promise.all([start(id), start(id)])).map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, 409])
  })

  it('refuses an unpaid request and a keycode for a request not started', async () => {
    expect((await start(await request({ isPaid: false }))).statusCode).toBe(409)
    const answer = await fulfil({ vehicleId: await request(), keycode: 'K1' })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().error).toBe('Start the request before submitting a keycode.')
  })

  it('requires a keycode with the documented text', async () => {
    const answer = await fulfil({ vehicleId: await request(), keycode: ' ' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error).toBe('Please enter a keycode before submitting.')
  })

  it('stores the code encrypted, shows it to its owner only, logs the release once and mails the code sealed in the outbox', async () => {
    const id = await request()
    await start(id)
    expect((await fulfil({ vehicleId: id, keycode: 'K4471', pincode: '2931' })).statusCode).toBe(200)
    const [row] = await testApp.app.database.db.select().from(vehicleRequests).where(eq(vehicleRequests.id, id))
    expect(row?.status).toBe('FULFILLED')
    expect(row?.keycodeEncrypted).not.toContain('K4471')
    const mine = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: owner.headers })).json()
    expect(mine.fulfilledRequests.find((entry: { id: string }) => entry.id === id)).toMatchObject({ keycode: 'K4471', pincode: '2931' })
    const stranger = await registerAndSignIn(testApp)
    const theirs = (await testApp.app.inject({ method: 'GET', url: '/api/vehicle/user-requests', headers: stranger.headers })).json()
    expect(JSON.stringify(theirs)).not.toContain('K4471')
    const actions = await testApp.app.database.db.select().from(actionLog).where(eq(actionLog.targetId, id))
    expect(actions.map((entry) => entry.action).sort()).toEqual(['KEYCODE_RELEASED', 'REQUEST_STARTED'])
    expect(actions.find((entry) => entry.action === 'KEYCODE_RELEASED')?.details).toMatchObject({ channels: ['account', 'email'] })
    const [mail] = await testApp.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `keycode-ready:${id}`))
    expect(mail?.toAddress).toBe(owner.email)
    expect(mail?.sealed).toBe(true)
    const { text } = openBodies(mail as NonNullable<typeof mail>, testApp.app.secretKey)
    expect(text).toContain('/user-dash')
    expect(text).toContain('K4471')
    expect(`${mail?.textBody}${mail?.htmlBody}`).not.toContain('K4471')
  })
})

describe('action log', () => {
  it('refuses to change or remove an entry', async () => {
    const id = await request()
    await start(id)
    const db = testApp.app.database.db
    await expect(db.update(actionLog).set({ action: 'FORGED' }).where(eq(actionLog.targetId, id))).rejects.toThrow()
    await expect(db.delete(actionLog).where(eq(actionLog.targetId, id))).rejects.toThrow()
  })
})

describe("a bulk order's requests in the back office", () => {
  /** A paid batch of `size` Hondas by `owner`, made Professional for it; answers the batch and its request ids in batch order. */
  async function paidBatch(size: number) {
    await testApp.app.database.db.update(users).set({ subscriptionTier: 'PROFESSIONAL' }).where(eq(users.id, owner.id))
    const rows = Array.from({ length: size }, () => ({ vin: validVin('1HGCR2F3', 'G', String(++serial).padStart(6, '0')), model: 'Civic' }))
    const created = await testApp.app.inject({ method: 'POST', url: '/api/bulk/batches', payload: { rows }, headers: owner.headers })
    expect(created.statusCode, created.body).toBe(201)
    const batch = created.json().batch as { id: string; code: string }
    const requests = await testApp.app.database.db
      .update(vehicleRequests)
      .set(paidColumns())
      .where(eq(vehicleRequests.batchId, batch.id))
      .returning({ id: vehicleRequests.id, position: vehicleRequests.batchPosition })
    return { ...batch, requestIds: requests.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((request) => request.id) }
  }
  const pendingQueue = async (query: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/admin/pending-requests?limit=100&${query}`, headers: admin.headers })).json() as {
      id: string
      batch: { code: string; position: number; size: number } | null
    }[]

  it('shows each request\u2019s place in its batch, and null for a single request', async () => {
    const single = await request()
    const batch = await paidBatch(3)
    const queue = await pendingQueue('')
    expect(queue.find((entry) => entry.id === batch.requestIds[1])?.batch).toEqual({ code: batch.code, position: 2, size: 3 })
    expect(queue.find((entry) => entry.id === single)?.batch).toBeNull()
  })

  it('narrows the queue to one batch by its code, as a filter or typed in the search', async () => {
    const batch = await paidBatch(2)
    await paidBatch(2)
    for (const query of [`batch=${batch.code}`, `search=${batch.code.toLowerCase()}`]) {
      expect((await pendingQueue(query)).map((entry) => entry.id).sort()).toEqual([...batch.requestIds].sort())
    }
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests?batch=B-1', headers: admin.headers })).statusCode,
    ).toBe(400)
  })

  it('tells the member in each keycode mail how far the batch is', async () => {
    const batch = await paidBatch(3)
    for (const [index, id] of batch.requestIds.slice(0, 2).entries()) {
      await start(id)
      expect((await fulfil({ vehicleId: id, keycode: `K${index}` })).statusCode).toBe(200)
    }
    const [mail] = await testApp.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `keycode-ready:${batch.requestIds[1]}`))
    const { text } = openBodies(mail as NonNullable<typeof mail>, testApp.app.secretKey)
    expect(text).toContain(`Batch ${batch.code}: 2 of 3 released`)
  })
})
