import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/users.ts'
import { GOOD_PASSWORD, registerAndSignIn, type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, findTransaction } from '../../../test/payments.ts'
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let smtp: SmtpCatcher
let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  smtp = await startSmtpCatcher()
  testApp = await createTestApp({ SMTP_URL: smtp.url })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
  await smtp.close()
})

const get = (url: string, who: { headers: Record<string, string> } = admin) =>
  testApp.app.inject({ method: 'GET', url, headers: who.headers })

/** A member who paid for `count` requests through the sandbox checkout. */
async function paidOrder(count = 1, tier?: string) {
  const member = await registerAndSignIn(testApp)
  if (tier) await testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', payload: { tier }, headers: member.headers })
  await addRequestsToCart(testApp, count, member.headers)
  const items = (await get('/api/cart/items', member)).json() as { price: number }[]
  const amount = Math.round(items.reduce((sum, item) => sum + item.price, 0) * 100)
  const { sessionId } = (await checkout(testApp, amount, member.headers)).json()
  await testApp.app.inject({
    method: 'POST',
    url: `/sandbox-checkout/${sessionId}`,
    payload: new URLSearchParams({ name: 'Pat', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  const row = await findTransaction(testApp, sessionId)
  return { member, row, requestIds: row.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : [])) }
}

describe('order lifecycle', () => {
  it('goes PENDING → INPROGRESS → FULFILLED, e-mails the confirmation and the keycode over SMTP, and shows the keycode to the owner', async () => {
    const { member, row, requestIds } = await paidOrder(1)
    await testApp.app.database.db.update(users).set({ isValidatedUser: true }).where(eq(users.id, member.id))
    const [requestId] = requestIds
    const pending = (await get('/api/admin/pending-requests?limit=100')).json() as { id: string }[]
    expect(pending.map((request) => request.id)).toContain(requestId)
    expect(
      (await testApp.app.inject({ method: 'POST', url: `/api/admin/update-request-status/${requestId}`, headers: admin.headers })).json(),
    ).toEqual({
      message: 'Status updated to In Progress',
    })
    const fulfilled = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/process-request',
      payload: { vehicleId: requestId, keycode: 'K4821-LIFECYCLE', pincode: 'P7731-LIFECYCLE' },
      headers: admin.headers,
    })
    expect(fulfilled.statusCode).toBe(200)
    await testApp.app.mail.deliverDue()
    const toMember = smtp.received
      .filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === member.email)
      .map((mail) => mail.subject)
    expect(toMember).toEqual([`Keydesk order ${row.confirmationNumber} confirmed`, 'Your keycode for the 2016 Honda Civic is ready'])
    expect(smtp.received.find((mail) => mail.subject?.startsWith('Your keycode for'))?.text).toContain('K4821-LIFECYCLE')
    const mine = (await get('/api/vehicle/user-requests', member)).json()
    expect(JSON.stringify(mine)).toContain('K4821-LIFECYCLE')
    const [order] = (await get(`/api/admin/transactions?search=${row.confirmationNumber}`)).json()
    expect(order).toMatchObject({
      status: 'FULFILLED',
      paymentStatus: 'PAID',
      vehicles: [expect.objectContaining({ keycode: 'K4821-LIFECYCLE' })],
    })
    // The code, the PIN and the passwords appear only in their intended answers and mail, never in a log line.
    for (const secret of ['K4821-LIFECYCLE', 'P7731-LIFECYCLE', GOOD_PASSWORD, member.password])
      expect(testApp.logs()).not.toContain(secret)
  })
})

describe('GET /admin/transactions', () => {
  it('lists paid orders only, with their vehicles, newest first', async () => {
    const { row } = await paidOrder(2)
    const unpaid = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, unpaid.headers)
    const { sessionId } = (await checkout(testApp, 6000, unpaid.headers)).json()
    const list = (await get('/api/admin/transactions?limit=100')).json() as { id: string; vehicles: unknown[] }[]
    expect(list[0]).toMatchObject({ id: row.id, amount: 120, status: 'PENDING', confirmationNumber: row.confirmationNumber })
    expect(list[0]?.vehicles).toHaveLength(2)
    expect(list.map((order) => order.id)).not.toContain((await findTransaction(testApp, sessionId)).id)
  })

  it('finds an order by VIN or by confirmation number, in any case', async () => {
    const { row } = await paidOrder(1)
    const [vehicle] = (await get(`/api/admin/transactions?search=${row.confirmationNumber.toLowerCase()}`)).json()[0].vehicles
    const byVin = (await get(`/api/admin/transactions?search=${vehicle.vin.toLowerCase()}&limit=100`)).json() as { id: string }[]
    expect(byVin.map((order) => order.id)).toContain(row.id)
    expect((await get('/api/admin/transactions?search=KD-NOTHING')).json()).toEqual([])
  })

  it("finds an order by the start of the buyer's e-mail, like the queues (docs/decisions/016)", async () => {
    const { member, row } = await paidOrder(1)
    const found = (await get(`/api/admin/transactions?search=${encodeURIComponent(member.email.toUpperCase())}`)).json() as { id: string }[]
    expect(found.map((order) => order.id)).toEqual([row.id])
  })

  it('filters by order status and sorts by confirmation or status, both ways', async () => {
    const { requestIds } = await paidOrder(1)
    await testApp.app.inject({ method: 'POST', url: `/api/admin/update-request-status/${requestIds[0]}`, headers: admin.headers })
    const inProgress = (await get('/api/admin/transactions?status=INPROGRESS&limit=100')).json() as { status: string }[]
    expect(inProgress.length).toBeGreaterThan(0)
    expect(inProgress.every((order) => order.status === 'INPROGRESS')).toBe(true)
    const numbers = (order: string) =>
      get(`/api/admin/transactions?sortBy=confirmation&sortOrder=${order}&limit=100`).then((answer) =>
        (answer.json() as { confirmationNumber: string }[]).map((row) => row.confirmationNumber),
      )
    const ascending = await numbers('asc')
    expect(ascending).toEqual([...ascending].sort())
    expect(await numbers('desc')).toEqual([...ascending].reverse())
    const statuses = (await get('/api/admin/transactions?sortBy=status&sortOrder=desc&limit=100')).json() as { status: string }[]
    const rank = { PENDING: 0, INPROGRESS: 1, FULFILLED: 2 } as Record<string, number>
    const ranks = statuses.map((order) => rank[order.status] ?? -1)
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
  })

  it('pages with limit and offset', async () => {
    await paidOrder(1)
    await paidOrder(1)
    const first = (await get('/api/admin/transactions?limit=1')).json()
    const second = (await get('/api/admin/transactions?limit=1&offset=1')).json()
    expect(first).toHaveLength(1)
    expect(second[0].id).not.toBe(first[0].id)
  })

  it('is refused to business users and visitors', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await get('/api/admin/transactions', member)).statusCode).toBe(403)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/transactions' })).statusCode).toBe(401)
  })
})

describe('GET /admin/subscriptions', () => {
  it("lists plans with tier, the member's name and e-mail, hiding both for a revoked user", async () => {
    const { member } = await paidOrder(0, 'ENTERPRISE')
    const list = (await get('/api/admin/subscriptions?limit=100')).json()
    expect(list).toContainEqual(
      expect.objectContaining({
        tier: 'ENTERPRISE',
        status: 'ACTIVE',
        userEmail: member.email,
        memberName: expect.stringMatching(/\S \S/),
      }),
    )
    await testApp.app.inject({ method: 'PATCH', url: `/api/admin/users/${member.id}/revoke`, headers: admin.headers })
    const after = (await get('/api/admin/subscriptions?limit=100')).json()
    expect(after).toContainEqual(expect.objectContaining({ tier: 'ENTERPRISE', userEmail: null, memberName: null }))
  })

  it('is refused to business users and visitors', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await get('/api/admin/subscriptions', member)).statusCode).toBe(403)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/subscriptions' })).statusCode).toBe(401)
  })
})

describe('GET /admin/user-history', () => {
  it("shows the confirmation number of each paid request's order", async () => {
    const { member, row } = await paidOrder(1)
    const history = (await get(`/api/admin/user-history?email=${encodeURIComponent(member.email)}`)).json()
    expect(history).toEqual([expect.objectContaining({ confirmationNumber: row.confirmationNumber })])
  })
})
