import { eq } from 'drizzle-orm'
import { subscriptions, transactions } from '../db/schema/payments.ts'
import { registerAndSignIn } from './accounts.ts'
import { checkout } from './payments.ts'
import type { TestApp } from './test-app.ts'

/** A member who bought a plan through the sandbox checkout, so the payment is real to the provider and the fulfilment. */
export async function memberWithPlan(testApp: TestApp, tier: 'BASIC' | 'PROFESSIONAL', billing: 'MONTHLY' | 'ANNUAL') {
  const member = await registerAndSignIn(testApp, { fname: 'Rosa' })
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: member.headers, payload })
  const added = await call('POST', '/api/cart/addSubscription', { tier, billing })
  if (added.statusCode !== 200) throw new Error(`plan not added: ${added.body}`)
  const [line] = (await call('GET', '/api/cart/items')).json()
  // A plan is charged its list price, never discounted: a cart holding only the plan costs what its line says.
  const { sessionId } = (await checkout(testApp, Math.round(line.finalPrice * 100), member.headers)).json()
  const paid = await testApp.app.inject({
    method: 'POST',
    url: `/sandbox-checkout/${sessionId}`,
    payload: new URLSearchParams({ name: 'Rosa', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  if (paid.statusCode !== 303) throw new Error(`plan not paid: ${paid.body}`)
  const [plan] = await testApp.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))
  if (!plan?.transactionId) throw new Error('no plan bought')
  const [order] = await testApp.app.database.db.select().from(transactions).where(eq(transactions.id, plan.transactionId))
  if (!order?.paymentIntentId) throw new Error('the plan has no payment')
  return { member, planId: plan.id, paymentIntentId: order.paymentIntentId, confirmationNumber: order.confirmationNumber }
}
