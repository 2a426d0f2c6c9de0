import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { FILTER_DAY_RANGE_MESSAGE } from '@keydesk/contracts/days'
import { SUPER_ADMIN_REFUND_REASONS } from '@keydesk/contracts/keycode-refunds'
import { parse } from 'csv-parse/sync'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { guardFormula } from '../../../lib/csv-cells.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAgain } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { RELEASE_COLUMNS } from './releases-export.ts'

const clock = testClock(new Date('2026-03-10T15:00:00Z'))
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const exportCsv = (query: string, who: { headers: Record<string, string> } = admin) =>
  testApp.app.inject({ method: 'GET', url: `/api/admin/releases.csv?${query}`, headers: who.headers })

async function release(order: { requestId: string }, body: Record<string, unknown>) {
  expect((await startRequest(testApp, admin, order.requestId)).statusCode).toBe(200)
  expect((await processRequest(testApp, admin, { vehicleId: order.requestId, ...body })).statusCode).toBe(200)
}

describe('GET /admin/releases.csv', () => {
  const formulaReason = '=HYPERLINK("http://evil.example","click"), then "quoted", on purpose'
  let member: Awaited<ReturnType<typeof paidMemberOrder>>
  let guest: Awaited<ReturnType<typeof paidGuestOrder>>

  beforeAll(async () => {
    member = await paidMemberOrder(testApp, { validated: true })
    await release(member, { keycode: 'KC-CSV-MEMBER', pincode: 'PIN-CSV-MEMBER' })
    guest = await paidGuestOrder(testApp)
    await release(guest, { keycode: 'KC-CSV-GUEST', overrideReason: formulaReason })
    clock.advance(2 * 24 * 60 * 60 * 1000)
    await signInAgain(testApp, admin)
    const later = await paidMemberOrder(testApp, { validated: true })
    await release(later, { keycode: 'KC-CSV-LATER' })
  })

  it('answers one row per release of the range, with the columns of the audit record', async () => {
    const answer = await exportCsv('from=2026-03-10&to=2026-03-10')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="keydesk-releases-2026-03-10-to-2026-03-10.csv"')
    const [header, ...rows] = parse(answer.body) as string[][]
    expect(header).toEqual([...RELEASE_COLUMNS])
    expect(rows).toHaveLength(2)
    const byRequest = new Map(rows.map((row) => [row[1], Object.fromEntries(RELEASE_COLUMNS.map((name, index) => [name, row[index]]))]))
    expect(byRequest.get(member.requestId)).toMatchObject({
      'Confirmation number': member.transaction.confirmationNumber,
      'Amount (USD)': '60.00',
      Make: 'Honda',
      Model: 'Civic',
      Year: '2016',
      Requester: member.member.email,
      'Account validated': 'yes',
      'Identity checked': 'n/a (member)',
      'Released by': admin.email,
      'Delivery channels': 'account + email',
    })
    expect(byRequest.get(member.requestId)?.['Documents on file']).toContain('Certificate of insurance (pending review)')
    // The photos the member sent with the order are its customer authorisation (docs/decisions/041).
    expect(byRequest.get(member.requestId)?.['Documents on file']).toContain(
      "customer authorisation: owner's ID photos, Vehicle registration photo",
    )
    expect(byRequest.get(guest.requestId)).toMatchObject({
      Requester: `guest ${guest.email}`,
      'Account validated': 'n/a (guest)',
      'Identity checked': 'no',
      'Documents on file': 'licence photos on the request; proof of ownership: Vehicle registration photo',
      'Delivery channels': 'email',
    })
  })

  it('shows a line refunded after its release with the day, the amount and the ground, and leaves the others blank', async () => {
    const superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
    const refunded = await testApp.app.inject({
      method: 'POST',
      url: `/api/super-admin/requests/${member.requestId}/refund`,
      headers: superAdmin.headers,
      payload: { reason: 'SERVICE_FAILURE', note: 'Our queue was down for a day and a half.' },
    })
    expect(refunded.statusCode).toBe(200)
    const rows = parse((await exportCsv('from=2026-03-10&to=2026-03-10')).body) as string[][]
    const byRequest = new Map(rows.map((row) => [row[1], Object.fromEntries(RELEASE_COLUMNS.map((name, index) => [name, row[index]]))]))
    expect(byRequest.get(member.requestId)).toMatchObject({
      'Refunded at': refunded.json().refundedAt,
      'Refunded (USD)': '60.00',
      'Refund reason': SUPER_ADMIN_REFUND_REASONS.SERVICE_FAILURE,
    })
    expect(byRequest.get(guest.requestId)).toMatchObject({ 'Refunded at': '', 'Refunded (USD)': '', 'Refund reason': '' })
  })

  it('quotes cells with commas and quotes, and defuses a cell a spreadsheet would run as a formula', async () => {
    const answer = await exportCsv('from=2026-03-10&to=2026-03-10')
    const rows = parse(answer.body) as string[][]
    const reasonColumn = RELEASE_COLUMNS.indexOf('Override reason')
    expect(rows.map((row) => row[reasonColumn])).toContain(`'${formulaReason}`)
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then ""quoted"", on purpose"`)
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain'].map(guardFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      'plain',
    ])
  })

  it('never contains a keycode or a PIN', async () => {
    const answer = await exportCsv('from=2026-03-01&to=2026-03-31')
    expect((parse(answer.body) as string[][]).length).toBe(4)
    for (const secret of ['KC-CSV-MEMBER', 'PIN-CSV-MEMBER', 'KC-CSV-GUEST', 'KC-CSV-LATER']) expect(answer.body).not.toContain(secret)
  })

  it('records each export in the action log', async () => {
    await exportCsv('from=2026-03-11&to=2026-03-12')
    const entries = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'RELEASES_EXPORTED'), eq(actionLog.targetId, '2026-03-11..2026-03-12')))
    expect(entries).toEqual([expect.objectContaining({ actorId: admin.id, targetType: 'release_range' })])
  })

  it('is refused to a business user (403) and to a visitor (401), and allowed to a super admin', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await exportCsv('from=2026-03-10&to=2026-03-10', member)).statusCode).toBe(403)
    expect((await exportCsv('from=2026-03-10&to=2026-03-10', { headers: {} })).statusCode).toBe(401)
    const superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
    expect((await exportCsv('from=2026-03-10&to=2026-03-10', superAdmin)).statusCode).toBe(200)
  })

  it('refuses a range that is not two days in order, with a clear message', async () => {
    const missing = await exportCsv('from=2026-03-10')
    expect(missing.statusCode).toBe(400)
    const badDay = await exportCsv('from=2026-02-30&to=2026-03-01')
    expect(badDay.json().message).toBe('Give the first day as YYYY-MM-DD.')
    const reversed = await exportCsv('from=2026-03-12&to=2026-03-10')
    expect(reversed.json().message).toBe('The first day must not be after the last day.')
  })

  it('refuses with 400 a day the database has no timestamp for (from=0000-01-01, to=9999-12-31)', async () => {
    for (const query of ['from=0000-01-01&to=2026-03-10', 'from=2026-03-10&to=9999-12-31']) {
      const answer = await exportCsv(query)
      expect(answer.statusCode, query).toBe(400)
      expect(answer.json().message).toBe(FILTER_DAY_RANGE_MESSAGE)
    }
  })
})

describe('a large export', () => {
  it('streams 100,000 releases while the server heap stays flat', async () => {
    const db = testApp.app.database.db
    // Seeded in SQL: paid requests and their releases on one day, released by the test admin.
    await db.execute(sql`
      with made as (
        insert into vehicle_requests (make_id, model, year, vin, price_cents, paid_at, paid_price_cents, service_plan, due_at, status)
        select (select id from vehicle_makes where name = 'Honda'), 'Civic', 2016, 'VOLUME' || lpad(n::text, 11, '0'), 6000,
               timestamptz '2026-04-01T10:00:00Z', 6000, 'NONE', timestamptz '2026-04-03T10:00:00Z', 'FULFILLED'
        from generate_series(1, 100000) as n
        returning id, paid_at)
      insert into keycode_releases (vehicle_request_id, released_by, released_at, is_guest, account_validated, documents_on_file, channels)
      select id, ${admin.id}::uuid, paid_at + interval '1 hour', true, false, 'licence photos on the request', array['email']
      from made`)
    // As autovacuum would after a bulk load.
    await db.execute(sql`analyze vehicle_requests`)
    await db.execute(sql`analyze keycode_releases`)
    // As autovacuum would after a bulk load: the planner needs the tables' sizes to pick index lookups.
    await db.execute(sql`analyze vehicle_requests`)
    await db.execute(sql`analyze keycode_releases`)
    await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = testApp.app.server.address() as AddressInfo
    // What the server keeps while it streams: the heap after a full collection, taken before and halfway through.
    setFlagsFromString('--expose-gc')
    const collect = runInNewContext('gc') as () => void
    collect()
    const baseline = process.memoryUsage().heapUsed
    let halfway = baseline
    const started = performance.now()
    const answer = await fetch(`http://127.0.0.1:${port}/api/admin/releases.csv?from=2026-04-01&to=2026-04-01`, { headers: admin.headers })
    let bytes = 0
    let lines = 0
    const decoder = new TextDecoder()
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength
      const before = lines
      lines += decoder.decode(chunk, { stream: true }).split('\n').length - 1
      if (before < 50_000 && lines >= 50_000) {
        collect()
        halfway = process.memoryUsage().heapUsed
      }
    }
    const seconds = (performance.now() - started) / 1000
    const heldMb = (halfway - baseline) / 1024 / 1024
    console.log(
      `releases export: 100,000 rows, ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV in ${seconds.toFixed(1)} s; heap held halfway ${heldMb.toFixed(1)} MB`,
    )
    expect(answer.status).toBe(200)
    expect(lines).toBe(100_001)
    // 100,000 rows held as objects would take well over 50 MB; one page of 1,000 rows is a few hundred KB.
    expect(heldMb).toBeLessThan(10)
  }, 120_000)
})
