import { BULK_QUOTE_FROM_ROWS } from '@keydesk/contracts/bulk'
import { eq } from 'drizzle-orm'
import { jobRecords, requestBatches } from '../db/schema/ordering.ts'
import { passkeys } from '../db/schema/passkeys.ts'
import { subscriptions, transactions } from '../db/schema/payments.ts'
import { supportConversations } from '../db/schema/support.ts'
import type { MatrixWorld, Who } from './access-principals.ts'
import { GOOD_PASSWORD, registrationForm, sessionIdOf, signIn, uniqueEmail } from './accounts.ts'
import { createMember } from './members.ts'
import { checkoutBody } from './payments.ts'
import { HONDA_2016_VIN, keycodeRequestForm, validVin } from './requests.ts'
import type { TestApp } from './test-app.ts'

/** One call of the matrix: the URL with its parameters and query filled in, and a body the route accepts. */
export interface Attempt {
  url: string
  payload?: string | object | FormData
  headers?: Record<string, string>
}

type Sample = (world: MatrixWorld, who: Who, testApp: TestApp) => Attempt | Promise<Attempt>

let serial = 0
const form = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}
const urlencoded = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
})

const monthlyPlans = new WeakMap<TestApp, Promise<string>>()

/** A throwaway member's monthly plan: the policy refunds none, so previewing and issuing its refund change nothing. */
function monthlyPlanId(testApp: TestApp): Promise<string> {
  const known = monthlyPlans.get(testApp)
  if (known) return known
  const created = (async () => {
    const member = await createMember(testApp)
    const startDate = testApp.app.clock.now()
    const [plan] = await testApp.app.database.db
      .insert(subscriptions)
      .values({ userId: member.id, tier: 'BASIC', billing: 'MONTHLY', startDate, endDate: new Date(startDate.getTime() + 30 * 86_400_000) })
      .returning({ id: subscriptions.id })
    if (!plan) throw new Error('plan insert returned nothing')
    return plan.id
  })()
  monthlyPlans.set(testApp, created)
  return created
}

/** The owner's support conversation: the chat the matrix world opened with its first message. */
async function ownerConversationId(world: MatrixWorld, testApp: TestApp): Promise<string> {
  const [conversation] = await testApp.app.database.db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(eq(supportConversations.userId, world.owner.id))
    .limit(1)
  if (!conversation) throw new Error('the owner has no support conversation')
  return conversation.id
}

/**
 * A harmless, valid call per route, with the owner's ids wherever the route names an object, so that a refusal
 * means "not allowed" and never "bad input" (a guard runs before validation, but an allowed caller's call and a
 * route without a guard, which decides in its handler, are validated first). Routes without a
 * sample are called bare. Admin calls that change an account act on throwaway targets, not on matrix principals.
 */
const batches = new WeakMap<TestApp, Promise<string>>()

/** A batch of the owner's (empty: its codes file is the header alone). */
function batchOf(testApp: TestApp, userId: string): Promise<string> {
  const known = batches.get(testApp)
  if (known) return known
  const created = (async () => {
    const [batch] = await testApp.app.database.db
      .insert(requestBatches)
      .values({ code: `B-MATRIX`, userId })
      .returning({ id: requestBatches.id })
    if (!batch) throw new Error('batch insert returned nothing')
    return batch.id
  })()
  batches.set(testApp, created)
  return created
}

const jobs = new WeakMap<TestApp, Promise<void>>()

/** A job record on the owner's request, which only the owner may read. */
function jobOf(testApp: TestApp, userId: string, requestId: string): Promise<void> {
  const known = jobs.get(testApp)
  if (known) return known
  const written = testApp.app.database.db
    .insert(jobRecords)
    .values({ vehicleRequestId: requestId, userId, customerName: 'Matrix Customer' })
    .onConflictDoNothing()
    .then(() => undefined)
  jobs.set(testApp, written)
  return written
}

const paidOrders = new WeakMap<TestApp, Promise<string>>()

/** A paid order of the owner's, whose receipt the owner may download and nobody else may. */
function paidOrderOf(testApp: TestApp, userId: string): Promise<string> {
  const known = paidOrders.get(testApp)
  if (known) return known
  const created = (async () => {
    const [order] = await testApp.app.database.db
      .insert(transactions)
      .values({
        confirmationNumber: 'KD-MATRIX1',
        userId,
        status: 'PAID',
        amountCents: 6000,
        items: [{ kind: 'KEYCODE', name: 'Honda Civic 2016 keycode', description: 'Keycode lookup', amountCents: 6000 }],
        provider: 'sandbox',
        paidAt: testApp.app.clock.now(),
      })
      .returning({ id: transactions.id })
    if (!order) throw new Error('order insert returned nothing')
    return order.id
  })()
  paidOrders.set(testApp, created)
  return created
}

/** A passkey row of this account (its key is never used: these calls only name it). */
async function passkeyOf(testApp: TestApp, userId: string): Promise<string> {
  const [row] = await testApp.app.database.db
    .insert(passkeys)
    .values({ userId, credentialId: crypto.randomUUID(), publicKey: 'AA', name: 'Matrix key', createdAt: new Date() })
    .returning({ id: passkeys.id })
  if (!row) throw new Error('passkey insert returned nothing')
  return row.id
}

export const SAMPLES: Record<string, Sample> = {
  'POST /api/vehicle/request-keycode-public': async (world, who) => {
    const body = await keycodeRequestForm({ vin: validVin('1HGCR2F3', 'G', String(200000 + ++serial)) }, [
      'frontId',
      'registration',
      'licenseFront',
      'licenseBack',
    ])
    if (who === 'guest') body.append('guestUserId', world.guestUserId)
    return { url: '/api/vehicle/request-keycode-public', payload: body }
  },
  'PUT /api/vehicle/update-request/:id': (world) => ({
    url: `/api/vehicle/update-request/${world.owner.requestId}`,
    payload: form({ model: 'Civic' }),
  }),
  'DELETE /api/vehicle/delete-request/:id': (world) => ({ url: `/api/vehicle/delete-request/${world.owner.deletableRequestId}` }),
  'GET /api/cart/items/public': (world) => ({ url: `/api/cart/items/public?guestUserId=${world.guestUserId}` }),
  'DELETE /api/cart/remove/:id': (world, who) => ({
    url: `/api/cart/remove/${world.owner.removableCartItemId}${who === 'guest' ? `?guestUserId=${world.guestUserId}` : ''}`,
  }),
  'POST /api/cart/addSubscription': () => ({ url: '/api/cart/addSubscription', payload: { tier: 'BASIC', billing: 'MONTHLY' } }),
  'GET /api/compliance/status/public': () => ({ url: '/api/compliance/status/public?state=Texas' }),
  'POST /api/support/contact': () => ({
    url: '/api/support/contact',
    payload: { name: 'Matrix', email: 'matrix@example.com', subject: 'Access matrix', message: 'Hello.' },
  }),
  'POST /api/auth/login': (world) => ({ url: '/api/auth/login', ...urlencoded(world.login) }),
  // Each caller presents the refresh token of its own session: a revoked or withdrawn account's must not work.
  'POST /api/auth/refresh': (world, who) => {
    const token = world.refreshTokens[who]
    return token ? { url: '/api/auth/refresh', headers: { cookie: `refresh_token=${token}` } } : { url: '/api/auth/refresh' }
  },
  'POST /api/auth/register': async () => ({ url: '/api/auth/register', payload: (await registrationForm()).form }),
  'POST /api/auth/admin-register': () => ({
    url: '/api/auth/admin-register',
    payload: form({
      fname: 'Ada',
      lname: 'Admin',
      email: uniqueEmail('matrix-admin'),
      password: 'Lockpick-Lantern-42',
      code: 'ABCDEFGHJK',
    }),
  }),
  'POST /api/auth/reset-password': () => ({ url: '/api/auth/reset-password', payload: { email: uniqueEmail('matrix-reset') } }),
  'POST /api/auth/reset-password/confirm': () => ({
    url: '/api/auth/reset-password/confirm',
    payload: { token: 'not-a-reset-token', newPassword: 'Lockpick-Lantern-42' },
  }),
  'POST /api/auth/restore-account': () => ({ url: '/api/auth/restore-account', payload: { token: 'not-a-restore-token' } }),
  // A throwaway member per call: closing and purging end an account for good.
  'POST /api/admin/users/:id/close': async (_world, _who, testApp) => ({
    url: `/api/admin/users/${(await createMember(testApp)).id}/close`,
    payload: { reason: 'Access matrix sample closing.' },
  }),
  'POST /api/super-admin/users/:id/data-archive': (world) => ({
    url: `/api/super-admin/users/${world.owner.id}/data-archive`,
    payload: { reason: 'Access matrix sample on a verified request.' },
  }),
  'POST /api/user/data-archive': () => ({ url: '/api/user/data-archive', payload: { currentPassword: GOOD_PASSWORD } }),
  'POST /api/super-admin/users/:id/purge': async (_world, _who, testApp) => ({
    url: `/api/super-admin/users/${(await createMember(testApp)).id}/purge`,
    payload: { reason: 'Access matrix sample purge on a verified request.' },
  }),
  'GET /api/auth/getUserProfile/:id': (world) => ({ url: `/api/auth/getUserProfile/${world.owner.id}` }),
  'PUT /api/auth/updateProfile': () => ({ url: '/api/auth/updateProfile', payload: form({ fname: 'Renamed' }) }),
  'POST /api/admin-registration-code/request': () => ({
    url: '/api/admin-registration-code/request',
    payload: { email: uniqueEmail('matrix-code'), firstName: 'Ada', lastName: 'Admin' },
  }),
  'POST /api/admin-registration-code/validate': () => ({
    url: '/api/admin-registration-code/validate',
    payload: { email: 'matrix@example.com', code: 'ABCDEFGHJK' },
  }),
  'POST /api/admin-approval/approve': (world) => ({ url: '/api/admin-approval/approve', payload: { adminId: world.targets.approve } }),
  'POST /api/admin-approval/reject': (world) => ({ url: '/api/admin-approval/reject', payload: { adminId: world.targets.reject } }),
  'POST /api/admin/update-request-status/:id': (world) => ({ url: `/api/admin/update-request-status/${world.owner.requestId}` }),
  'POST /api/admin/process-request': (world) => ({
    url: '/api/admin/process-request',
    payload: { vehicleId: world.owner.requestId, keycode: 'K1234', overrideReason: 'Access matrix sample release' },
  }),
  'PATCH /api/admin/validate-user/:id': (world) => ({ url: `/api/admin/validate-user/${world.targets.validate}` }),
  'PATCH /api/admin/users/:id/revoke': (world) => ({ url: `/api/admin/users/${world.targets.revoke}/revoke` }),
  'PATCH /api/admin/users/:id/notes': (world) => ({ url: `/api/admin/users/${world.owner.id}/notes`, payload: { notes: 'Seen.' } }),
  'GET /api/admin/user-history': (world) => ({ url: `/api/admin/user-history?email=${encodeURIComponent(world.owner.email)}` }),
  'GET /api/compliance/documents/:userId': (world) => ({ url: `/api/compliance/documents/${world.owner.id}` }),
  'PATCH /api/compliance/documents/:id/review': (world) => ({
    url: `/api/compliance/documents/${world.owner.documentId}/review`,
    payload: { verified: true },
  }),
  'POST /api/super-admin/create': () => ({
    url: `/api/super-admin/create?email=${uniqueEmail('matrix-sa')}&password=Lockpick-Lantern-42`,
  }),
  'GET /api/files/:id': (world) => ({ url: `/api/files/${world.owner.fileId}` }),
  'POST /api/api/keycodes/creds': () => ({ url: '/api/api/keycodes/creds', payload: { oem: 'Honda' } }),
  'GET /api/chat/history': (world) => ({ url: `/api/chat/history?userId=${world.owner.id}` }),
  'GET /api/support/conversations/:id': async (world, _who, testApp) => ({
    url: `/api/support/conversations/${await ownerConversationId(world, testApp)}`,
  }),
  'POST /api/support/conversations/:id/replies': async (world, _who, testApp) => ({
    url: `/api/support/conversations/${await ownerConversationId(world, testApp)}/replies`,
    payload: { message: 'Matrix reply.' },
  }),
  'GET /api/admin/support/conversations/:id': async (world, _who, testApp) => ({
    url: `/api/admin/support/conversations/${await ownerConversationId(world, testApp)}`,
  }),
  'POST /api/admin/support/conversations/:id/answers': async (world, _who, testApp) => ({
    url: `/api/admin/support/conversations/${await ownerConversationId(world, testApp)}/answers`,
    payload: { message: 'Matrix answer.' },
  }),
  'PATCH /api/admin/support/conversations/:id': async (world, _who, testApp) => ({
    url: `/api/admin/support/conversations/${await ownerConversationId(world, testApp)}`,
    payload: { handler: 'me' },
  }),
  'POST /api/support/link': () => ({ url: '/api/support/link', payload: { token: 'matrix-token-that-opens-nothing-at-all' } }),
  'POST /api/support/link/replies': () => ({
    url: '/api/support/link/replies',
    payload: { token: 'matrix-token-that-opens-nothing-at-all', message: 'Matrix reply.' },
  }),
  'POST /api/chat/send': (world) => ({ url: '/api/chat/send', payload: { message: 'Matrix hello.', userId: world.owner.id } }),
  'PUT /api/user/profile': () => ({ url: '/api/user/profile', payload: form({ fname: 'Renamed' }) }),
  'PUT /api/user/security': () => ({ url: '/api/user/security', payload: { keycodesByEmail: true } }),
  // A passkey of the owner's for each call (the owner's own removal would spend a shared one).
  'PATCH /api/user/security/passkeys/:id': async (world, _who, testApp) => ({
    url: `/api/user/security/passkeys/${await passkeyOf(testApp, world.owner.id)}`,
    payload: { name: 'Renamed' },
  }),
  'DELETE /api/user/security/passkeys/:id': async (world, _who, testApp) => ({
    url: `/api/user/security/passkeys/${await passkeyOf(testApp, world.owner.id)}`,
    payload: { currentPassword: GOOD_PASSWORD },
  }),
  // A second session of the owner's, so that ending it leaves the session the matrix calls with.
  'DELETE /api/user/sessions/:id': async (world, _who, testApp) => ({
    url: `/api/user/sessions/${sessionIdOf(await signIn(testApp, world.owner.email, GOOD_PASSWORD))}`,
  }),
  'POST /api/user/security/two-factor/enable': () => ({ url: '/api/user/security/two-factor/enable', payload: { code: '123456' } }),
  'PUT /api/user/credentials': () => ({ url: '/api/user/credentials', payload: form({ note: 'no files' }) }),
  'POST /api/api/payments/create-checkout-session': (world, who, testApp) => ({
    url: '/api/api/payments/create-checkout-session',
    payload: checkoutBody(testApp, 6000, who === 'guest' ? { guestUserId: world.guestUserId } : {}),
  }),
  'POST /api/api/payments/process-payment-success': (world) => ({
    url: '/api/api/payments/process-payment-success',
    payload: { sessionId: world.owner.sessionId },
  }),
  'POST /api/api/payments/webhook': () => ({ url: '/api/api/payments/webhook', payload: { type: 'ping' } }),
  'POST /api/trial/start': () => ({ url: '/api/trial/start?tier=BASIC' }),
  'GET /api/admin/releases.csv': () => ({ url: '/api/admin/releases.csv?from=2026-01-01&to=2026-01-31' }),
  'GET /api/admin/subscriptions/:id/refund': async (_world, _who, testApp) => ({
    url: `/api/admin/subscriptions/${await monthlyPlanId(testApp)}/refund`,
  }),
  'POST /api/admin/subscriptions/:id/refund': async (_world, _who, testApp) => ({
    url: `/api/admin/subscriptions/${await monthlyPlanId(testApp)}/refund`,
  }),
  'POST /api/bulk/check': () => ({ url: '/api/bulk/check', payload: { text: HONDA_2016_VIN } }),
  // Every owner's call adds the same VIN again, which later calls refuse as an open order: allowed, not refused.
  'POST /api/bulk/batches': () => ({ url: '/api/bulk/batches', payload: { rows: [{ vin: HONDA_2016_VIN, model: 'Civic' }] } }),
  'POST /api/bulk/quote': () => ({
    url: '/api/bulk/quote',
    payload: {
      rows: Array.from({ length: BULK_QUOTE_FROM_ROWS }, (_, index) => ({
        vin: validVin('1HGCR2F3', 'G', String(index).padStart(6, '0')),
      })),
    },
  }),
  'GET /api/user/payments/:id/receipt.pdf': async (world, _who, testApp) => ({
    url: `/api/user/payments/${await paidOrderOf(testApp, world.owner.id)}/receipt.pdf`,
  }),
  'GET /api/vehicle/requests/:id/job': async (world, _who, testApp) => {
    await jobOf(testApp, world.owner.id, world.owner.requestId)
    return { url: `/api/vehicle/requests/${world.owner.requestId}/job` }
  },
  'PUT /api/vehicle/requests/:id/job': (world) => ({
    url: `/api/vehicle/requests/${world.owner.requestId}/job`,
    payload: { customerName: 'Matrix Customer', customerPhone: '555-0100' },
  }),
  'GET /api/user/payments/receipts.csv': () => ({ url: '/api/user/payments/receipts.csv?month=2026-11' }),
  'GET /api/bulk/batches/:id/codes.csv': async (world, _who, testApp) => ({
    url: `/api/bulk/batches/${await batchOf(testApp, world.owner.id)}/codes.csv`,
  }),
  'GET /api/team/spend.csv': () => ({ url: '/api/team/spend.csv?month=2026-03' }),
  'PATCH /api/team/people/:id': () => ({
    url: `/api/team/people/${crypto.randomUUID()}`,
    payload: { role: 'TECHNICIAN', locationIds: [crypto.randomUUID()] },
  }),
  'POST /api/team/locations': () => ({
    url: '/api/team/locations',
    payload: { name: 'Matrix shop', address: '1 Matrix St', region: 'Texas', phone: '555-0100' },
  }),
  'POST /api/team/invitations': () => ({
    url: '/api/team/invitations',
    payload: { email: uniqueEmail('matrix-invitee'), role: 'TECHNICIAN', locationId: crypto.randomUUID() },
  }),
  'POST /api/team-invitation/preview': () => ({
    url: '/api/team-invitation/preview',
    payload: { token: 'matrix-token-that-opens-nothing' },
  }),
  'POST /api/team-invitation/join': () => ({
    url: '/api/team-invitation/join',
    payload: { token: 'matrix-token-that-opens-nothing' },
  }),
  'POST /api/team-invitation/accept': () => ({
    url: '/api/team-invitation/accept',
    payload: form({
      token: 'matrix-token-that-opens-nothing',
      fname: 'Mat',
      lname: 'Rix',
      phone: '555-0100',
      password: GOOD_PASSWORD,
      state: 'Texas',
    }),
  }),
  'GET /api/vehicle/order-tracker': (world) => ({ url: `/api/vehicle/order-tracker?requestId=${world.owner.requestId}` }),
  'GET /sandbox-checkout/:sessionId': (world) => ({ url: `/sandbox-checkout/${world.owner.sessionId}` }),
  // No card number: the page answers with its form again, and the owner's session stays open.
  'POST /sandbox-checkout/:sessionId': (world) => ({
    url: `/sandbox-checkout/${world.owner.sessionId}`,
    ...urlencoded({ email: 'matrix@example.com', cardNumber: '', name: 'Matrix' }),
  }),
}

/**
 * Calls that end something for good (the caller's subscription, the caller's account, every session of the caller):
 * they run after all others.
 */
export const RUN_LAST = ['POST /api/user/subscription/cancel', 'PUT /api/keycode-user/delete', 'POST /api/auth/logout']
