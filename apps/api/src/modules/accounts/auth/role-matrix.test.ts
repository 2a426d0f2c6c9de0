import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/users.ts'
import { GOOD_PASSWORD, registerAndSignIn, signIn, signInAsBootstrapSuperAdmin, uniqueEmail } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { hashPassword } from '../members/passwords.ts'

/**
 * The role × route matrix: every listed call for every principal, each allowed call succeeds and
 * each forbidden one answers 401 (nobody signed in) or 403/404 (signed in, not allowed).
 */
type Principal = 'visitor' | 'baseuser' | 'pendingAdmin' | 'admin' | 'superAdmin' | 'revokedUser'

let testApp: TestApp
const headers: Record<Principal, Record<string, string>> = {} as never
let someUserId = ''

async function insertAccount(role: 'ADMIN' | 'BASEUSER', values: Partial<typeof users.$inferInsert>) {
  const email = uniqueEmail(role.toLowerCase())
  await testApp.app.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(GOOD_PASSWORD), fname: 'M', lname: 'X', role, ...values })
  return email
}

beforeAll(async () => {
  testApp = await createTestApp()
  const baseUser = await registerAndSignIn(testApp)
  someUserId = (await registerAndSignIn(testApp)).id
  const adminEmail = await insertAccount('ADMIN', { adminApproval: 'APPROVED' })
  const pendingEmail = await insertAccount('ADMIN', { adminApproval: 'APPROVED' })
  const pending = await signIn(testApp, pendingEmail, GOOD_PASSWORD)
  await testApp.app.database.db.update(users).set({ adminApproval: 'PENDING' }).where(eq(users.email, pendingEmail))
  const revoked = await registerAndSignIn(testApp)
  await testApp.app.database.db.update(users).set({ isActive: false }).where(eq(users.id, revoked.id))
  headers.visitor = {}
  headers.baseuser = baseUser.headers
  headers.pendingAdmin = pending.headers
  headers.admin = (await signIn(testApp, adminEmail, GOOD_PASSWORD)).headers
  headers.superAdmin = (await signInAsBootstrapSuperAdmin(testApp)).headers
  headers.revokedUser = revoked.headers
})

afterAll(async () => {
  await testApp.close()
})

interface Call {
  name: string
  method: 'GET' | 'POST'
  url: () => string
  payload?: () => object
  allowed: Principal[]
}

const calls: Call[] = [
  { name: 'GET /auth/me', method: 'GET', url: () => '/api/auth/me', allowed: ['baseuser', 'admin', 'superAdmin'] },
  {
    name: 'GET /auth/getUserProfile/{another user}',
    method: 'GET',
    url: () => `/api/auth/getUserProfile/${someUserId}`,
    allowed: ['admin', 'superAdmin'],
  },
  { name: 'GET /admin-approval/pending', method: 'GET', url: () => '/api/admin-approval/pending', allowed: ['superAdmin'] },
  { name: 'GET /admin-approval/approved', method: 'GET', url: () => '/api/admin-approval/approved', allowed: ['superAdmin'] },
  {
    name: 'POST /admin-approval/approve',
    method: 'POST',
    url: () => '/api/admin-approval/approve',
    payload: () => ({ adminId: someUserId }),
    // The super admin is allowed through; the target is not an admin, so the answer is 404.
    allowed: ['superAdmin'],
  },
  {
    name: 'POST /super-admin/create',
    method: 'POST',
    url: () => `/api/super-admin/create?email=${uniqueEmail('sa')}&password=${GOOD_PASSWORD}`,
    allowed: ['superAdmin'],
  },
  // Trial, subscription and checkout belong to business users; the admin lists to admins.
  { name: 'GET /trial/status', method: 'GET', url: () => '/api/trial/status', allowed: ['baseuser'] },
  { name: 'POST /trial/start', method: 'POST', url: () => '/api/trial/start?tier=BASIC', allowed: ['baseuser'] },
  { name: 'GET /user/subscription', method: 'GET', url: () => '/api/user/subscription', allowed: ['baseuser'] },
  { name: 'POST /user/subscription/cancel', method: 'POST', url: () => '/api/user/subscription/cancel', allowed: ['baseuser'] },
  {
    name: 'POST /api/payments/create-checkout-session (empty cart)',
    method: 'POST',
    url: () => '/api/api/payments/create-checkout-session',
    payload: () => ({
      amount: 0,
      items: [],
      success_url: `${testApp.config.publicUrl}/payment-success`,
      cancel_url: `${testApp.config.publicUrl}/payment-cancel`,
    }),
    allowed: ['baseuser', 'admin', 'superAdmin'],
  },
  { name: 'GET /admin/transactions', method: 'GET', url: () => '/api/admin/transactions', allowed: ['admin', 'superAdmin'] },
  { name: 'GET /admin/subscriptions', method: 'GET', url: () => '/api/admin/subscriptions', allowed: ['admin', 'superAdmin'] },
]

const principals: Principal[] = ['visitor', 'baseuser', 'pendingAdmin', 'admin', 'superAdmin', 'revokedUser']

describe('role × route matrix', () => {
  for (const call of calls) {
    for (const principal of principals) {
      const isAllowed = call.allowed.includes(principal)
      it(`${call.name} as ${principal} is ${isAllowed ? 'allowed' : 'refused'}`, async () => {
        const answer = await testApp.app.inject({
          method: call.method,
          url: call.url(),
          payload: call.payload?.(),
          headers: headers[principal],
        })
        if (isAllowed) {
          expect(answer.statusCode, answer.body).not.toBe(401)
          expect(answer.statusCode, answer.body).not.toBe(403)
          expect(answer.statusCode).toBeLessThan(500)
        } else {
          const signedIn = principal === 'baseuser' || principal === 'admin' || principal === 'superAdmin'
          expect(signedIn ? [403, 404] : [401]).toContain(answer.statusCode)
        }
      })
    }
  }
})
