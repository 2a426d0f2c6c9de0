import { FILTER_DAY_RANGE_MESSAGE } from '@keydesk/contracts/days'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let admin: SignedIn
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
  await testApp.app.database.db.update(users).set({ fname: 'Alex', lname: 'Queue' }).where(eq(users.id, admin.id))
  superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
})

afterAll(async () => {
  await testApp.close()
})

const read = (query: string, who: SignedIn = superAdmin) =>
  testApp.app.inject({ method: 'GET', url: `/api/admin/action-log${query}`, headers: who.headers })

type Entry = { id: number; kind: string; text: string; actor: { id: string; name: string } | null; link: unknown }
const entriesOn = async (targetId: string, query = '') =>
  ((await read(`?limit=100${query}`)).json().entries as Entry[]).filter((entry) => JSON.stringify(entry).includes(targetId))

/** A released member order: the admin started it and released its keycode. */
async function releasedOrder() {
  const order = await paidMemberOrder(testApp, { validated: true })
  expect((await startRequest(testApp, admin, order.requestId)).statusCode).toBe(200)
  expect((await processRequest(testApp, admin, { vehicleId: order.requestId, keycode: 'K4512' })).statusCode).toBe(200)
  return order
}

describe('GET /admin/action-log', () => {
  it('says who released which order in words, links to the order, and lists the release once', async () => {
    const { transaction } = await releasedOrder()
    const releases = await entriesOn(transaction.confirmationNumber, '&kind=KEYCODE_RELEASED')
    expect(releases).toHaveLength(1)
    expect(releases[0]).toMatchObject({
      kind: 'KEYCODE_RELEASED',
      actor: { id: admin.id, name: 'Alex Queue' },
      link: { kind: 'order', search: transaction.confirmationNumber },
    })
    expect(releases[0]?.text).toMatch(
      new RegExp(
        `^Alex Queue released the keycode of ${transaction.confirmationNumber} \\(\\d{4} Honda [^,]+, VIN \\.\\.\\.\\w{4}\\) in the account and by mail$`,
      ),
    )
  })

  it('says who ended which order as no keycode available, the amount refunded and why, and links to the order', async () => {
    const { requestId, transaction } = await paidMemberOrder(testApp)
    const ended = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${requestId}/no-keycode`,
      headers: admin.headers,
      payload: { reason: 'VEHICLE_NOT_SUPPORTED', note: 'Not in the portal list.' },
    })
    expect(ended.statusCode).toBe(200)
    const [entry] = await entriesOn(transaction.confirmationNumber, '&kind=KEYCODE_REFUNDED')
    expect(entry).toMatchObject({
      kind: 'KEYCODE_REFUNDED',
      actor: { id: admin.id },
      link: { kind: 'order', search: transaction.confirmationNumber },
    })
    expect(entry?.text).toMatch(
      new RegExp(
        `^Alex Queue ended ${transaction.confirmationNumber} \\(\\d{4} Honda [^,]+, VIN \\.\\.\\.\\w{4}\\) as no keycode available and refunded \\$60\\.00; reason: The vehicle is not supported$`,
      ),
    )
  })

  it('reads an older guest-link "release" as the guest opening its link, and never lists the old duplicate fulfilment entry', async () => {
    const { requestId, transaction } = await releasedOrder()
    const db = testApp.app.database.db
    await db.insert(actionLog).values([
      { actorId: admin.id, action: 'REQUEST_FULFILLED', targetType: 'vehicle_request', targetId: requestId },
      { actorId: null, action: 'KEYCODE_RELEASED', targetType: 'vehicle_request', targetId: requestId, details: { channel: 'guest-link' } },
    ])
    const kinds = (await entriesOn(transaction.confirmationNumber)).map((entry) => entry.kind)
    expect(kinds).toEqual(['ORDER_LINK_VIEWED', 'KEYCODE_RELEASED', 'REQUEST_STARTED'])
    const views = await entriesOn(transaction.confirmationNumber, '&kind=ORDER_LINK_VIEWED')
    expect(views.map((entry) => [entry.actor, entry.text.startsWith('The guest opened the order link of')])).toEqual([[null, true]])
    expect(await entriesOn(transaction.confirmationNumber, '&kind=KEYCODE_RELEASED')).toHaveLength(1)
  })

  it("names the member of a validation and of a document's review, with the reason of a rejection, and links to the member", async () => {
    const member = await registerAndSignIn(testApp, { fname: 'Lena', lname: 'Locke' })
    const [document] = (
      await testApp.app.inject({ method: 'GET', url: `/api/compliance/documents/${member.id}`, headers: admin.headers })
    ).json()
    await testApp.app.inject({
      method: 'PATCH',
      url: `/api/compliance/documents/${document.id}/review`,
      headers: admin.headers,
      payload: { verified: false, notes: 'Blurred photo' },
    })
    await testApp.app.inject({ method: 'PATCH', url: `/api/admin/validate-user/${member.id}`, headers: admin.headers })
    const [validated, rejected] = await entriesOn(member.email)
    expect(validated).toMatchObject({
      text: `Alex Queue validated the account of Lena Locke (${member.email})`,
      link: { kind: 'user', search: member.email, label: 'Lena Locke' },
    })
    expect(rejected?.text).toBe(
      `Alex Queue rejected the Government photo ID (front) of Lena Locke (${member.email}); reason: Blurred photo`,
    )
  })

  it('names the admin a super admin approved or revoked, and links to that admin', async () => {
    const approved = await signedInAdmin(testApp)
    await testApp.app.database.db.update(users).set({ fname: 'Ada', lname: 'Approved' }).where(eq(users.id, approved.id))
    await testApp.app.database.db.insert(actionLog).values({
      actorId: superAdmin.id,
      action: 'ADMIN_APPROVED',
      targetType: 'user',
      targetId: approved.id,
      details: { notes: 'Known locksmith' },
    })
    const [entry] = await entriesOn('Ada Approved')
    expect(entry).toMatchObject({
      kind: 'ADMIN_APPROVED',
      link: { kind: 'admin', search: approved.email, label: 'Ada Approved' },
    })
  })

  it('filters by kind, actor and days, and pages newest first', async () => {
    const db = testApp.app.database.db
    const target = crypto.randomUUID()
    const at = (day: string) => new Date(`${day}T12:00:00Z`)
    await db.insert(actionLog).values([
      { actorId: admin.id, action: 'USER_NOTES_UPDATED', targetType: 'user', targetId: target, createdAt: at('2026-03-01') },
      { actorId: superAdmin.id, action: 'USER_NOTES_UPDATED', targetType: 'user', targetId: target, createdAt: at('2026-03-02') },
      { actorId: admin.id, action: 'USER_REVOKED', targetType: 'user', targetId: target, createdAt: at('2026-03-03') },
    ])
    const ids = async (query: string) =>
      ((await read(query)).json().entries as (Entry & { createdAt: string })[])
        .filter((entry) => entry.createdAt.startsWith('2026-03'))
        .map((entry) => `${entry.kind} ${entry.createdAt.slice(0, 10)}`)
    expect(await ids('?kind=USER_NOTES_UPDATED')).toEqual(['USER_NOTES_UPDATED 2026-03-02', 'USER_NOTES_UPDATED 2026-03-01'])
    expect(await ids(`?actorId=${admin.id}&from=2026-03-01&to=2026-03-03`)).toEqual([
      'USER_REVOKED 2026-03-03',
      'USER_NOTES_UPDATED 2026-03-01',
    ])
    expect(await ids('?from=2026-03-02&to=2026-03-02')).toEqual(['USER_NOTES_UPDATED 2026-03-02'])
    const first = (await read('?limit=1&from=2026-03-01&to=2026-03-03')).json()
    const second = (await read(`?limit=1&from=2026-03-01&to=2026-03-03&before=${first.nextBefore}`)).json()
    expect([first.entries[0].kind, second.entries[0].kind]).toEqual(['USER_REVOKED', 'USER_NOTES_UPDATED'])
    expect(second.entries[0].id).toBeLessThan(first.entries[0].id)
  })

  it('refuses a range whose first day is after its last, saying so', async () => {
    const answer = await read('?from=2026-03-03&to=2026-03-01')
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toContain('The first day must not be after the last day.')
  })

  it('refuses with 400 a day the database has no timestamp for (from=0000-01-01, to=9999-12-31), on the page and the export', async () => {
    for (const query of ['from=0000-01-01', 'to=9999-12-31', 'from=1999-12-31', 'to=3000-01-01']) {
      for (const url of ['/api/admin/action-log', '/api/admin/action-log.csv']) {
        const answer = await testApp.app.inject({ method: 'GET', url: `${url}?${query}`, headers: superAdmin.headers })
        expect(answer.statusCode, `${url}?${query}`).toBe(400)
        expect(answer.json().message).toBe(FILTER_DAY_RANGE_MESSAGE)
      }
    }
  })

  it('is refused to an admin and a member (403) and a visitor (401)', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await read('', admin)).statusCode).toBe(403)
    expect((await read('', member)).statusCode).toBe(403)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/action-log' })).statusCode).toBe(401)
  })
})

describe('GET /admin/action-log/actors', () => {
  it('lists the admins and super admins by name for the actor filter, and no member', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/admin/action-log/actors', headers: superAdmin.headers })
    const actors = answer.json() as { id: string; name: string }[]
    expect(actors).toContainEqual(expect.objectContaining({ id: admin.id, name: 'Alex Queue' }))
    expect(actors.map((actor) => actor.id)).not.toContain(member.id)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/action-log/actors', headers: admin.headers })).statusCode).toBe(403)
  })
})

describe('GET /admin/action-log.csv', () => {
  it('exports the filtered entries in words, and records the export in the log', async () => {
    const { transaction } = await releasedOrder()
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/action-log.csv?kind=KEYCODE_RELEASED&actorId=${admin.id}`,
      headers: superAdmin.headers,
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toContain('text/csv')
    const [header, ...lines] = answer.body.trim().split('\n')
    expect(header).toBe('Time (UTC),Kind,Actor,Entry,Links to')
    expect(lines.every((line) => line.includes(',Keycode released,Alex Queue,'))).toBe(true)
    expect(lines.some((line) => line.includes(`released the keycode of ${transaction.confirmationNumber}`))).toBe(true)
    const exports = await entriesOn(superAdmin.id, '&kind=ACTION_LOG_EXPORTED')
    expect(exports[0]?.text).toBe(`Ada Admin exported the action log (kind KEYCODE_RELEASED, actor ${admin.id})`)
  })

  it('is refused to an admin (403) and a visitor (401)', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/action-log.csv', headers: admin.headers })).statusCode).toBe(403)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/action-log.csv' })).statusCode).toBe(401)
  })
})
