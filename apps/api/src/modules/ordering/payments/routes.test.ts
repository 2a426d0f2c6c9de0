import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { transactionRequests, transactions } from '../../../db/schema/payments.ts'
import { users } from '../../../db/schema/users.ts'
import { registerAndSignIn, signInAsBootstrapSuperAdmin } from '../../../test/accounts.ts'
import { addRequestsToCart, checkout, deliver, findTransaction, paidSession, signedEvent, TEST_VEHICLES } from '../../../test/payments.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const db = () => testApp.app.database.db
const transactionCount = async () => (await db().select({ n: count() }).from(transactions))[0]?.n ?? 0
const confirmationMails = async (transactionId: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `order-confirmation:${transactionId}`))
const cartSize = async (headers: Record<string, string>) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/cart/items', headers })).json().length as number

async function memberWithCheckout(requests = 2) {
  const member = await registerAndSignIn(testApp)
  await addRequestsToCart(testApp, requests, member.headers)
  const answer = await checkout(testApp, requests * 6000, member.headers)
  expect(answer.statusCode).toBe(200)
  const { sessionId, url, confirmationNumber } = answer.json()
  return { member, sessionId: sessionId as string, url: url as string, confirmationNumber: confirmationNumber as string }
}

const pay = (sessionId: string, card: string, extra: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: `/sandbox-checkout/${sessionId}`,
    payload: new URLSearchParams({ name: 'Pat Locksmith', cardNumber: card, expiry: '12/39', cvc: '123', ...extra }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

describe('POST /api/payments/create-checkout-session', () => {
  it("creates a pending transaction with a confirmation number for a user's cart and answers the checkout url", async () => {
    const { sessionId, url, confirmationNumber } = await memberWithCheckout(2)
    // PUBLIC_URL is unset here, so the hosted page is linked on the address the request was sent to (inject's localhost).
    expect(url).toBe(`http://localhost/sandbox-checkout/${sessionId}`)
    expect(confirmationNumber).toMatch(/^KD-[A-HJ-NP-Z2-9]{10}$/)
    const row = await findTransaction(testApp, sessionId)
    expect(row).toMatchObject({ status: 'PENDING', amountCents: 12000, confirmationNumber })
    expect(row.items.map((item) => item.amountCents)).toEqual([6000, 6000])
    const links = await db().select().from(transactionRequests).where(eq(transactionRequests.transactionId, row.id))
    expect(links).toHaveLength(2)
  })

  it("creates a checkout for a guest's cart by the guest identifier", async () => {
    const { guestUserId } = await addRequestsToCart(testApp, 1)
    const answer = await checkout(testApp, 6000, {}, { guestUserId })
    expect(answer.statusCode).toBe(200)
    expect((await findTransaction(testApp, answer.json().sessionId)).guestId).toBe(guestUserId)
  })

  it('refuses a visitor without a guest cart', async () => {
    expect((await checkout(testApp, 6000)).statusCode).toBe(401)
  })

  it('refuses an amount that differs from the cart, writing nothing', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    const before = await transactionCount()
    const answer = await checkout(testApp, 100, member.headers)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe('Your cart total has changed. Please review your cart and try again.')
    expect(await transactionCount()).toBe(before)
  })

  it('refuses return addresses on another site', async () => {
    const member = await registerAndSignIn(testApp)
    await addRequestsToCart(testApp, 1, member.headers)
    const answer = await checkout(testApp, 6000, member.headers, { success_url: 'https://evil.example/payment-success' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe('Return addresses must be on this site.')
  })

  it('refuses an empty cart', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await checkout(testApp, 0, member.headers)
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe('Your cart is empty.')
  })
})

describe('sandbox hosted checkout', () => {
  it('shows a clearly marked test checkout with the items and total', async () => {
    const { sessionId } = await memberWithCheckout(2)
    const page = await testApp.app.inject({ method: 'GET', url: `/sandbox-checkout/${sessionId}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('TEST CHECKOUT')
    expect(page.body).toContain('Honda Civic 2016 keycode')
    expect(page.body).toContain('Pay $120.00')
  })

  it('declines 4000 0000 0000 0002 with a message and changes nothing', async () => {
    const { member, sessionId } = await memberWithCheckout(1)
    const answer = await pay(sessionId, '4000 0000 0000 0002')
    expect(answer.body).toContain('<div class="error" role="alert">Your card was declined.</div>')
    expect((await findTransaction(testApp, sessionId)).status).toBe('PENDING')
    expect(await cartSize(member.headers)).toBe(1)
  })

  it('pays with 4242 4242 4242 4242, fulfils through the signed webhook and redirects to the success url', async () => {
    const { member, sessionId } = await memberWithCheckout(2)
    const answer = await pay(sessionId, '4242 4242 4242 4242')
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe(`${testApp.config.publicUrl}/payment-success?session_id=${sessionId}`)
    const row = await findTransaction(testApp, sessionId)
    expect(row.status).toBe('PAID')
    const requestIds = row.items.map((item) => item.vehicleRequestId ?? '')
    const requests = await db().select().from(vehicleRequests).where(inArray(vehicleRequests.id, requestIds))
    expect(requests.map((request) => [request.status, request.paidAt !== null])).toEqual([
      ['PENDING', true],
      ['PENDING', true],
    ])
    expect(await cartSize(member.headers)).toBe(0)
    const mails = await confirmationMails(row.id)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.toAddress).toBe(member.email)
    expect(mails[0]?.subject).toBe(`Keydesk order ${row.confirmationNumber} confirmed`)
  })

  it('asks a guest for the receipt e-mail and sends the confirmation there', async () => {
    const { guestUserId } = await addRequestsToCart(testApp, 1)
    const { sessionId } = (await checkout(testApp, 6000, {}, { guestUserId })).json()
    expect((await pay(sessionId, '4242424242424242')).body).toContain('Enter the e-mail address for your receipt and keycode.')
    expect((await pay(sessionId, '4242424242424242', { email: 'guest@example.com' })).statusCode).toBe(303)
    const row = await findTransaction(testApp, sessionId)
    expect((await confirmationMails(row.id))[0]?.toAddress).toBe('guest@example.com')
  })

  it('closes the page once paid', async () => {
    const { sessionId } = await memberWithCheckout(1)
    await pay(sessionId, '4242424242424242')
    expect((await testApp.app.inject({ method: 'GET', url: `/sandbox-checkout/${sessionId}` })).statusCode).toBe(404)
    expect((await pay(sessionId, '4242424242424242')).statusCode).toBe(404)
  })
})

describe('POST /api/payments/process-payment-success', () => {
  it('answers the paid order with amount and items for the session id sent as paymentIntentId', async () => {
    const { member, sessionId, confirmationNumber } = await memberWithCheckout(2)
    await pay(sessionId, '4242424242424242')
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/api/payments/process-payment-success',
      payload: { paymentIntentId: sessionId },
      headers: member.headers,
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      sessionId,
      status: 'PAID',
      amount: 120,
      confirmationNumber,
      items: [expect.objectContaining({ name: 'Honda Civic 2016 keycode' }), expect.objectContaining({ name: 'Honda Civic 2016 keycode' })],
      message: 'Payment successful! Your order has been placed.',
      requestIds: [expect.any(String), expect.any(String)],
      receiptEmail: member.email,
    })
  })

  it('answers each line with what it charged, where its request stands and when its code is due', async () => {
    const { member, sessionId } = await memberWithCheckout(1)
    await pay(sessionId, '4242424242424242')
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/api/payments/process-payment-success',
      payload: { paymentIntentId: sessionId },
      headers: member.headers,
    })
    const [line] = answer.json().items
    expect(line).toMatchObject({ amount: 60, state: 'WAITING', dueAt: expect.any(String) })
    // No plan: the 48-hour turnaround from the payment.
    const row = await findTransaction(testApp, sessionId)
    expect(new Date(line.dueAt).getTime() - (row.paidAt?.getTime() ?? 0)).toBe(48 * 60 * 60 * 1000)
  })

  it('refuses an unpaid session and changes nothing', async () => {
    const { member, sessionId } = await memberWithCheckout(1)
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/api/payments/process-payment-success',
      payload: { sessionId },
      headers: member.headers,
    })
    expect(answer.statusCode).toBe(409)
    expect((await findTransaction(testApp, sessionId)).status).toBe('PENDING')
    expect(await cartSize(member.headers)).toBe(1)
  })

  it("refuses another user's order and unknown sessions", async () => {
    const { sessionId } = await memberWithCheckout(1)
    await pay(sessionId, '4242424242424242')
    const other = await registerAndSignIn(testApp)
    const call = (id: string, headers: Record<string, string>) =>
      testApp.app.inject({ method: 'POST', url: '/api/api/payments/process-payment-success', payload: { sessionId: id }, headers })
    expect((await call(sessionId, other.headers)).statusCode).toBe(404)
    expect((await call(sessionId, {})).statusCode).toBe(404)
    expect((await call('cs_test_sbx_unknown', other.headers)).statusCode).toBe(404)
  })
})

describe('POST /api/payments/webhook', () => {
  it('fulfils an order from a checkout.session.completed event signed with the Stripe SDK', async () => {
    const { member, sessionId } = await memberWithCheckout(1)
    const answer = await deliver(testApp, signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 6000)))
    expect(answer.statusCode).toBe(200)
    expect((await findTransaction(testApp, sessionId)).status).toBe('PAID')
    expect(await cartSize(member.headers)).toBe(0)
  })

  it('fulfils exactly once under 50 concurrent deliveries of the same event plus the success call', async () => {
    const { member, sessionId } = await memberWithCheckout(2)
    // The provider's own record says paid, as it would after Stripe took the money.
    await pay(sessionId, '4242424242424242').then(() => undefined)
    const row = await findTransaction(testApp, sessionId)
    await db().update(transactions).set({ status: 'PENDING', paidAt: null }).where(eq(transactions.id, row.id))
    await db()
      .update(vehicleRequests)
      .set({ paidAt: null })
      .where(
        inArray(
          vehicleRequests.id,
          row.items.map((item) => item.vehicleRequestId ?? ''),
        ),
      )
    await db()
      .delete(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `order-confirmation:${row.id}`))

    const event = signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 12000))
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => deliver(testApp, event)),
      testApp.app.inject({
        method: 'POST',
        url: '/api/api/payments/process-payment-success',
        payload: { sessionId },
        headers: member.headers,
      }),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(51).fill(200))
    expect(await confirmationMails(row.id)).toHaveLength(1)
    const paid = await findTransaction(testApp, sessionId)
    expect(paid.status).toBe('PAID')
    expect(
      testApp.logs().match(new RegExp(`"confirmationNumber":"${paid.confirmationNumber}","msg":"order paid and queued"`, 'g')),
    ).toHaveLength(2)
  })

  it('refuses a bad signature, an old timestamp, a missing header and a wrong amount, changing nothing', async () => {
    const { member, sessionId } = await memberWithCheckout(1)
    const session = paidSession(sessionId, 6000)
    const wrongSecret = signedEvent(testApp, 'checkout.session.completed', session, { secret: 'whsec_not_ours' })
    const old = signedEvent(testApp, 'checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 301 })
    const good = signedEvent(testApp, 'checkout.session.completed', session)
    const altered = { payload: good.payload.replace('"amount_total":6000', '"amount_total":1'), signature: good.signature }
    const wrongAmount = signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 100))
    expect((await deliver(testApp, wrongSecret)).statusCode).toBe(400)
    expect((await deliver(testApp, old)).statusCode).toBe(400)
    expect((await deliver(testApp, altered)).statusCode).toBe(400)
    expect((await deliver(testApp, { payload: good.payload })).statusCode).toBe(400)
    expect((await deliver(testApp, wrongAmount)).statusCode).toBe(409)
    expect((await findTransaction(testApp, sessionId)).status).toBe('PENDING')
    expect(await cartSize(member.headers)).toBe(1)
    expect(testApp.logs()).toContain('payment amount does not match the order; not fulfilled')
  })

  it('never takes a paid order back when checkout.session.expired arrives afterwards', async () => {
    const { sessionId } = await memberWithCheckout(1)
    await deliver(testApp, signedEvent(testApp, 'checkout.session.async_payment_succeeded', paidSession(sessionId, 6000)))
    await deliver(testApp, signedEvent(testApp, 'checkout.session.completed', paidSession(sessionId, 6000)))
    await deliver(
      testApp,
      signedEvent(testApp, 'checkout.session.expired', { id: sessionId, amount_total: 6000, payment_status: 'unpaid' }),
    )
    expect((await findTransaction(testApp, sessionId)).status).toBe('PAID')
  })

  it('marks an abandoned checkout expired and keeps the cart', async () => {
    const { member, sessionId } = await memberWithCheckout(1)
    await deliver(
      testApp,
      signedEvent(testApp, 'checkout.session.expired', { id: sessionId, amount_total: 6000, payment_status: 'unpaid' }),
    )
    expect((await findTransaction(testApp, sessionId)).status).toBe('EXPIRED')
    expect(await cartSize(member.headers)).toBe(1)
  })

  it('lets an admin pay nothing: the admin has no cart to check out', async () => {
    const admin = await signInAsBootstrapSuperAdmin(testApp)
    expect((await checkout(testApp, 0, admin.headers)).statusCode).toBe(400)
  })
})

describe('plan lines are never discounted', () => {
  const addPlan = (headers: Record<string, string>, tier: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/cart/addSubscription', headers, payload: { tier, billing: 'MONTHLY' } })

  it('charges a running Enterprise trial 99.99 for the Enterprise plan, the recurring price included, and refuses 74.99', async () => {
    const member = await registerAndSignIn(testApp)
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/trial/start?tier=ENTERPRISE', headers: member.headers })).statusCode,
    ).toBe(200)
    expect((await addPlan(member.headers, 'ENTERPRISE')).statusCode).toBe(200)
    expect((await checkout(testApp, 7499, member.headers)).statusCode).toBe(409)
    const answer = await checkout(testApp, 9999, member.headers)
    expect(answer.statusCode, answer.body).toBe(200)
    const row = await findTransaction(testApp, answer.json().sessionId)
    expect(row.items).toEqual([expect.objectContaining({ kind: 'SUBSCRIPTION', tier: 'ENTERPRISE', amountCents: 9999 })])
  })

  it('discounts the keycode lines of the same cart only: a Basic member upgrading to Professional pays 24.99 + a Ford at 55 less 15%', async () => {
    const member = await registerAndSignIn(testApp)
    await db().update(users).set({ subscriptionTier: 'BASIC' }).where(eq(users.id, member.id))
    await addRequestsToCart(testApp, 1, member.headers, TEST_VEHICLES.Ford)
    expect((await addPlan(member.headers, 'PROFESSIONAL')).statusCode).toBe(200)
    const answer = await checkout(testApp, 2499 + 4675, member.headers)
    expect(answer.statusCode, answer.body).toBe(200)
    const row = await findTransaction(testApp, answer.json().sessionId)
    expect(row.items.map((item) => [item.kind, item.amountCents])).toEqual([
      ['KEYCODE', 4675],
      ['SUBSCRIPTION', 2499],
    ])
  })
})
