import { dueAtFor, type ServicePlan } from '@keydesk/contracts/service-levels'
import { eq } from 'drizzle-orm'
import { users } from '../db/schema/users.ts'
import { registerAndSignIn, type SignedIn, uniqueEmail } from './accounts.ts'
import { addRequestsToCart, checkout, findTransaction } from './payments.ts'
import type { TestApp } from './test-app.ts'

/** What a payment sets on a request, for tests that mark a request paid by hand: the time, the plan and the deadline. */
export const paidColumns = (paidAt = new Date(), plan: ServicePlan = 'NONE') => ({
  paidAt,
  servicePlan: plan,
  dueAt: dueAtFor(plan, paidAt),
})

/** Pays the session on the sandbox's hosted page, with the e-mail a guest types there. */
export async function payInSandbox(testApp: TestApp, sessionId: string, email?: string) {
  const form = new URLSearchParams({ name: 'Pat Payer', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' })
  if (email) form.set('email', email)
  const answer = await testApp.app.inject({
    method: 'POST',
    url: `/sandbox-checkout/${sessionId}`,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  if (answer.statusCode !== 303) throw new Error(`sandbox payment refused ${answer.statusCode}: ${answer.body}`)
  return findTransaction(testApp, sessionId)
}

const requestIdsOf = (row: Awaited<ReturnType<typeof findTransaction>>) =>
  row.items.flatMap((item) => (item.vehicleRequestId ? [item.vehicleRequestId] : []))

/** A member who paid one Honda keycode (60 dollars, no plan); validated only when asked. */
export async function paidMemberOrder(testApp: TestApp, { validated = false } = {}) {
  const member = await registerAndSignIn(testApp)
  if (validated) await testApp.app.database.db.update(users).set({ isValidatedUser: true }).where(eq(users.id, member.id))
  await addRequestsToCart(testApp, 1, member.headers)
  const { sessionId } = (await checkout(testApp, 6000, member.headers)).json()
  const row = await payInSandbox(testApp, sessionId)
  return { member, transaction: row, requestId: requestIdsOf(row)[0] as string }
}

/** A guest who paid one Honda keycode, giving `email` on the checkout page. */
export async function paidGuestOrder(testApp: TestApp, email = uniqueEmail('guest')) {
  const { guestUserId } = await addRequestsToCart(testApp, 1)
  const { sessionId } = (await checkout(testApp, 6000, {}, { guestUserId })).json()
  const row = await payInSandbox(testApp, sessionId, email)
  return { email, guestUserId, transaction: row, requestId: requestIdsOf(row)[0] as string }
}

export const startRequest = (testApp: TestApp, admin: SignedIn, id: string) =>
  testApp.app.inject({ method: 'POST', url: `/api/admin/update-request-status/${id}`, headers: admin.headers })

export const processRequest = (testApp: TestApp, admin: SignedIn, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/api/admin/process-request', payload, headers: admin.headers })
