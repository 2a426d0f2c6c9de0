import type { CartItem } from '@keydesk/contracts/cart'
import { cartTotalCents } from '@keydesk/contracts/cart-total'
import { toCents } from '@keydesk/contracts/money'
import { type PaymentReceipt, RECEIPT_MESSAGES } from '@keydesk/contracts/receipts'
import { seededRandom } from '@keydesk/contracts/seeded-random'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberProfiles } from '../../../db/schema/member.ts'
import { transactions } from '../../../db/schema/payments.ts'
import { keycodeRefunds } from '../../../db/schema/refunds.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, payInSandbox } from '../../../test/paid-orders.ts'
import { addRequestsToCart, checkout, TEST_VEHICLES } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({ SELLER_ADDRESS: '100 Test Street, Springfield, IL 62701' })
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers })
const paymentsOf = async (member: SignedIn): Promise<PaymentReceipt[]> =>
  (await get('/api/user/payments?pageSize=100', member.headers)).json().payments

const refundWithoutKeycode = (requestId: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/admin/requests/${requestId}/no-keycode`,
    headers: admin.headers,
    payload: { reason: 'NO_CODE_IN_PORTAL', note: 'The portal has no record of this VIN.' },
  })

/**
 * The text lines of an uncompressed PDF written with a standard font: each line is a `[<hex> kerning <hex>] TJ` array
 * whose hex runs are the characters.
 */
const pdfLines = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)].map((line) =>
    [...(line[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((run) => Buffer.from(run[1] ?? '', 'hex').toString('latin1')).join(''),
  )
const pdfHolds = (pdf: Buffer, text: string) => pdfLines(pdf).some((line) => line.includes(text))

/** Pays whatever the member's cart holds, at the amount the cart states. */
async function payCart(member: SignedIn) {
  const cart: CartItem[] = (await get('/api/cart/items', member.headers)).json()
  const tier = (await get('/api/auth/me', member.headers)).json().user?.subscription?.tier ?? 'NONE'
  const lines = cart.map((item) => ({ kind: item.kind, cents: toCents(item.finalPrice), discountPercent: item.discountPercent }))
  const { sessionId } = (await checkout(testApp, cartTotalCents(lines, tier).totalCents, member.headers)).json()
  return payInSandbox(testApp, sessionId)
}

describe('GET /user/payments', () => {
  it("lists the member's paid orders as receipts: lines with their price rule, charged, refunds and what was paid after them", async () => {
    const { member, transaction, requestId } = await paidMemberOrder(testApp)
    expect((await refundWithoutKeycode(requestId)).statusCode).toBe(200)

    const [receipt] = await paymentsOf(member)
    expect(receipt).toMatchObject({
      id: transaction.id,
      confirmationNumber: transaction.confirmationNumber,
      chargedCents: 6000,
      refundedCents: 6000,
      netCents: 0,
      lines: [{ kind: 'KEYCODE', name: 'Honda Civic 2016 keycode', amountCents: 6000 }],
    })
    expect(receipt?.lines[0]?.priceRule).toEqual(expect.any(String))
    expect(receipt?.refunds).toEqual([
      expect.objectContaining({ amountCents: 6000, what: expect.stringMatching(/^Honda Civic 2016 keycode: /) }),
    ])
  })

  it("never lists another member's payments, a guest's or an unpaid checkout", async () => {
    const first = await paidMemberOrder(testApp)
    const second = await paidMemberOrder(testApp)
    await paidGuestOrder(testApp)
    await addRequestsToCart(testApp, 1, first.member.headers)
    await checkout(testApp, 6000, first.member.headers)

    expect((await paymentsOf(first.member)).map((payment) => payment.id)).toEqual([first.transaction.id])
    expect((await paymentsOf(second.member)).map((payment) => payment.id)).toEqual([second.transaction.id])
  })

  it('pages the payments, newest first', async () => {
    const { member, transaction: older } = await paidMemberOrder(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    const newer = await payCart(member)

    const first = (await get('/api/user/payments?page=1&pageSize=1', member.headers)).json()
    const second = (await get('/api/user/payments?page=2&pageSize=1', member.headers)).json()
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1, payments: [{ id: newer.id }] })
    expect(second.payments.map((payment: PaymentReceipt) => payment.id)).toEqual([older.id])
  })

  it('refuses a visitor', async () => {
    expect((await get('/api/user/payments')).statusCode).toBe(401)
  })
})

describe('GET /user/payments/{id}/receipt.pdf', () => {
  it('is a PDF naming the seller, the business with its state or province, each line, the refund and the confirmation number', async () => {
    const { member, transaction, requestId } = await paidMemberOrder(testApp)
    await db().update(users).set({ company: 'Maple Lock & Key', state: 'Ontario' }).where(eq(users.id, member.id))
    await db().insert(memberProfiles).values({ userId: member.id, address: '12 King Street', city: 'Toronto', zipCode: 'M5H 2N2' })
    await refundWithoutKeycode(requestId)

    const answer = await get(`/api/user/payments/${transaction.id}/receipt.pdf`, member.headers)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="keydesk-receipt-${transaction.confirmationNumber}.pdf"`)
    const pdf = answer.rawPayload
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    for (const text of [
      'Keydesk',
      '100 Test Street, Springfield, IL 62701',
      'Maple Lock & Key',
      '12 King Street',
      'Toronto, Ontario M5H 2N2',
      'Honda Civic 2016 keycode',
      '$60.00',
      '-$60.00',
      transaction.confirmationNumber,
    ]) {
      expect(pdfHolds(pdf, text), text).toBe(true)
    }
  })

  it("answers 404 for another member's payment and for a guest's, and 401 for a visitor", async () => {
    const owner = await paidMemberOrder(testApp)
    const other = await registerAndSignIn(testApp)
    const guest = await paidGuestOrder(testApp)

    const refused = await get(`/api/user/payments/${owner.transaction.id}/receipt.pdf`, other.headers)
    expect(refused.statusCode).toBe(404)
    expect(refused.json().message).toBe(RECEIPT_MESSAGES.notFound)
    expect((await get(`/api/user/payments/${guest.transaction.id}/receipt.pdf`, other.headers)).statusCode).toBe(404)
    expect((await get(`/api/user/payments/${owner.transaction.id}/receipt.pdf`)).statusCode).toBe(401)
  })
})

describe('GET /user/payments/receipts.csv', () => {
  it("holds the month's lines and refunds, each refund negative, and nothing of another month", async () => {
    const { member, transaction, requestId } = await paidMemberOrder(testApp)
    await refundWithoutKeycode(requestId)
    const month = (transaction.paidAt ?? new Date()).toISOString().slice(0, 7)

    const answer = await get(`/api/user/payments/receipts.csv?month=${month}`, member.headers)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="keydesk-receipts-${month}.csv"`)
    const rows = answer.body.trim().split('\r\n')
    expect(rows[0]).toBe('"Confirmation number","Date","Kind","Item","Price rule","Amount (USD)","Business","Location"')
    expect(rows.slice(1).map((row) => row.split(',').at(-3))).toEqual(['60.00', '-60.00'])
    // An order of one's own names no business or location.
    expect(rows.slice(1).map((row) => row.split(',').slice(-2))).toEqual([
      ['""', '""'],
      ['""', '""'],
    ])
    expect(rows[1]).toContain(`"${transaction.confirmationNumber}"`)

    const empty = await get('/api/user/payments/receipts.csv?month=2001-01', member.headers)
    expect(empty.body.trim().split('\r\n')).toHaveLength(1)
  })

  it('refuses a month that is not YYYY-MM with the words to fix it', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await get('/api/user/payments/receipts.csv?month=November', member.headers)
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain(RECEIPT_MESSAGES.monthInvalid)
  })
})

describe('a receipt adds up', () => {
  it('states, for random orders and refunds, what the card was charged less the refunds paid (seeded cases)', async () => {
    const random = seededRandom(20261127)
    const vehicles = Object.values(TEST_VEHICLES)
    for (let round = 0; round < 6; round++) {
      const member = await registerAndSignIn(testApp)
      const { requestIds } = await addRequestsToCart(testApp, random.integer(1, 3), member.headers, random.pick(vehicles))
      if (random.integer(0, 1) === 1) {
        await testApp.app.inject({
          method: 'POST',
          url: '/api/cart/addSubscription',
          headers: member.headers,
          payload: { tier: 'BASIC', billing: 'MONTHLY' },
        })
      }
      const order = await payCart(member)
      for (const requestId of requestIds)
        if (random.integer(0, 2) === 0) expect((await refundWithoutKeycode(requestId)).statusCode).toBe(200)

      const [row] = await db().select().from(transactions).where(eq(transactions.id, order.id))
      const refunds = await db()
        .select()
        .from(keycodeRefunds)
        .where(inArray(keycodeRefunds.transactionId, [order.id]))
      const refunded = refunds.reduce((sum, refund) => sum + refund.amountCents, 0)
      const [receipt] = await paymentsOf(member)
      expect(receipt?.chargedCents, `round ${round}`).toBe(row?.amountCents)
      expect(
        receipt?.lines.reduce((sum, line) => sum + line.amountCents, 0),
        `round ${round}`,
      ).toBe(row?.amountCents)
      expect(receipt?.netCents, `round ${round}`).toBe((row?.amountCents ?? 0) - refunded)
    }
  })
})
