import { ADMIN_CODE_TTL_MS } from '@keydesk/contracts/limits'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminRegistrationCodes } from '../../../db/schema/accounts.ts'
import { actionLog } from '../../../db/schema/action-log.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { users } from '../../../db/schema/users.ts'
import {
  GOOD_PASSWORD,
  type SignedIn,
  signedInAdmin,
  signIn,
  signInAgain,
  signInAsBootstrapSuperAdmin,
  uniqueEmail,
  uniqueIp,
} from '../../../test/accounts.ts'
import { createMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { openBodies } from '../../platform/mail/outbox.ts'

const clock = testClock()
let testApp: TestApp
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  superAdmin = await signInAsBootstrapSuperAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() })

async function requestCode(email: string): Promise<string> {
  const answer = await post('/api/admin-registration-code/request', { email, firstName: 'Ada', lastName: 'Admin' })
  expect(answer.json()).toEqual({ message: 'Registration code sent successfully! Check your email.' })
  const [mail] = await testApp.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))
  const code = mail ? /registration code is: (\w+)/.exec(openBodies(mail, testApp.app.secretKey).text)?.[1] : undefined
  if (!code) throw new Error('no code mail')
  return code
}

function adminForm(email: string, adminCode: string) {
  const form = new FormData()
  const values = { fname: 'Ada', lname: 'Admin', email, phone: '555-0101', company: 'Keys Inc', password: GOOD_PASSWORD, adminCode }
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  return form
}

const adminRegister = (email: string, code: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/admin-register', payload: adminForm(email, code), remoteAddress: uniqueIp() })

async function pendingAdmin(): Promise<{ email: string; id: string }> {
  const email = uniqueEmail('admin')
  expect((await adminRegister(email, await requestCode(email))).statusCode).toBe(201)
  const pending = await testApp.app.inject({ method: 'GET', url: '/api/admin-approval/pending', headers: superAdmin.headers })
  const account = pending.json().find((admin: { email: string }) => admin.email === email)
  return { email, id: account.id }
}

describe('admin registration codes', () => {
  it('validates a code sent to the e-mail, and refuses it for another address', async () => {
    const email = uniqueEmail('future-admin')
    const code = await requestCode(email)
    const valid = await post('/api/admin-registration-code/validate', { email, code })
    expect(valid.json()).toEqual({ valid: true, message: 'Registration code is valid!' })
    const elsewhere = await post('/api/admin-registration-code/validate', { email: uniqueEmail('other'), code })
    expect(elsewhere.json()).toEqual({ valid: false, message: 'Invalid registration code' })
  })

  it('mails no text the requester typed: the names are left out of the code mail', async () => {
    const email = uniqueEmail('victim')
    const lure = 'your Keydesk payout failed. Confirm your card at https://evil.example'
    const answer = await post('/api/admin-registration-code/request', { email, firstName: lure, lastName: 'Admin' })
    expect(answer.statusCode).toBe(200)
    const [mail] = await testApp.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))
    if (!mail) throw new Error('no code mail')
    const { text, html } = openBodies(mail, testApp.app.secretKey)
    for (const body of [text, html ?? '']) {
      expect(body).not.toContain('payout')
      expect(body).not.toContain('evil.example')
    }
    expect(text.startsWith('Hello,')).toBe(true)
  })

  it('stores only a hash of the code', async () => {
    const email = uniqueEmail('hashed')
    const code = await requestCode(email)
    const [row] = await testApp.app.database.db.select().from(adminRegistrationCodes).where(eq(adminRegistrationCodes.email, email))
    expect(row?.codeHash).not.toContain(code)
    expect(code.length).toBeGreaterThanOrEqual(6)
  })

  it('registers a pending admin with a valid code, once', async () => {
    const email = uniqueEmail('admin')
    const code = await requestCode(email)
    const answer = await adminRegister(email, code)
    expect(answer.statusCode).toBe(201)
    expect(answer.json().message).toBe(
      'Admin account created successfully! Pending super admin approval. You will be notified once approved.',
    )
    const reuse = await adminRegister(uniqueEmail('admin'), code)
    expect(reuse.statusCode).toBe(400)
  })

  it('answers an invalid code the same whether or not the e-mail already has an account', async () => {
    const taken = (await pendingAdmin()).email
    const forTaken = await adminRegister(taken, 'WRONG-CODE-1')
    const forFree = await adminRegister(uniqueEmail('admin'), 'WRONG-CODE-1')
    expect(forTaken.statusCode).toBe(400)
    expect(forTaken.body).toBe('Invalid registration code.')
    expect([forFree.statusCode, forFree.body, forFree.headers['content-type']]).toEqual([
      forTaken.statusCode,
      forTaken.body,
      forTaken.headers['content-type'],
    ])
  })

  it('says an e-mail is taken only to the holder of a valid code for it, and leaves that code unused', async () => {
    const taken = (await pendingAdmin()).email
    clock.advance(1000)
    await post('/api/admin-registration-code/request', { email: taken, firstName: 'Ada', lastName: 'Admin' })
    const mails = await testApp.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, taken))
      .orderBy(mailOutbox.createdAt)
    const newest = mails.at(-1)
    if (!newest) throw new Error('no code mail')
    const code = /registration code is: (\w+)/.exec(openBodies(newest, testApp.app.secretKey).text)?.[1] ?? ''
    const answer = await adminRegister(taken, code)
    expect(answer.statusCode).toBe(409)
    const [row] = await testApp.app.database.db
      .select()
      .from(adminRegistrationCodes)
      .where(eq(adminRegistrationCodes.email, taken))
      .orderBy(desc(adminRegistrationCodes.createdAt))
      .limit(1)
    expect(row?.usedAt).toBeNull()
  })

  it('refuses a code once its time has passed on the app clock', async () => {
    const email = uniqueEmail('late')
    const code = await requestCode(email)
    clock.advance(ADMIN_CODE_TTL_MS)
    expect((await post('/api/admin-registration-code/validate', { email, code })).json().valid).toBe(false)
    // docs/product.md, 'Accounts and sessions': registration answers a failure as text.
    expect((await adminRegister(email, code)).body).toMatch(/^Invalid registration code/)
  })

  it('sends an address at most three codes in 15 minutes, and more once they have passed on the app clock', async () => {
    const email = uniqueEmail('spammed')
    for (let attempt = 0; attempt < 3; attempt++) await requestCode(email)
    const ask = () => post('/api/admin-registration-code/request', { email, firstName: 'A', lastName: 'B' })
    expect((await ask()).statusCode).toBe(429)
    clock.advance(15 * 60 * 1000 - 1000)
    expect((await ask()).statusCode).toBe(429)
    clock.advance(1000)
    expect((await ask()).statusCode).toBe(200)
    await signInAgain(testApp, superAdmin)
  })
})

describe('admin approval', () => {
  it('keeps a pending admin out until a super admin approves', async () => {
    const admin = await pendingAdmin()
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ email: admin.email, password: GOOD_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: uniqueIp(),
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('Your admin account is pending super admin approval.')
    const approved = await post('/api/admin-approval/approve', { superAdminEmail: superAdmin.email, adminId: admin.id }, superAdmin.headers)
    expect(approved.json()).toEqual({ message: 'Admin account approved successfully!' })
    const session = await signIn(testApp, admin.email, GOOD_PASSWORD)
    const list = await testApp.app.inject({ method: 'GET', url: '/api/admin-approval/approved', headers: superAdmin.headers })
    expect(list.json().find((account: { id: string }) => account.id === session.id)).toMatchObject({
      adminApprovalNotes: 'Approved by super admin',
    })
  })

  it('rejects a pending admin, who then cannot sign in at all', async () => {
    const admin = await pendingAdmin()
    const answer = await post('/api/admin-approval/reject', { adminId: admin.id }, superAdmin.headers)
    expect(answer.json()).toEqual({ message: 'Admin account rejected successfully!' })
    await expect(signIn(testApp, admin.email, GOOD_PASSWORD)).rejects.toThrow(/403/)
  })

  it('revokes an approved admin: the open session stops working at once', async () => {
    const admin = await pendingAdmin()
    await post('/api/admin-approval/approve', { adminId: admin.id }, superAdmin.headers)
    const session = await signIn(testApp, admin.email, GOOD_PASSWORD)
    await post('/api/admin-approval/reject', { adminId: admin.id, rejectionNotes: 'Revoked by super admin' }, superAdmin.headers)
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.headers })).statusCode).toBe(401)
    const actions = await testApp.app.database.db.select().from(actionLog).where(eq(actionLog.targetId, admin.id)).orderBy(actionLog.id)
    expect(actions.map((entry) => entry.action)).toEqual(['ADMIN_APPROVED', 'ADMIN_REVOKED'])
  })

  it('refuses a superAdminEmail that is not the signed-in super admin', async () => {
    const admin = await pendingAdmin()
    const answer = await post(
      '/api/admin-approval/approve',
      { superAdminEmail: 'someone@else.example', adminId: admin.id },
      superAdmin.headers,
    )
    expect(answer.statusCode).toBe(403)
    expect(answer.json().error).toBe('Only approved super admins can perform this action.')
  })

  it('refuses an approved ADMIN who tries to approve admins or create super admins', async () => {
    const admin = await pendingAdmin()
    await post('/api/admin-approval/approve', { adminId: admin.id }, superAdmin.headers)
    const session = await signIn(testApp, admin.email, GOOD_PASSWORD)
    const other = await pendingAdmin()
    expect((await post('/api/admin-approval/approve', { adminId: other.id }, session.headers)).statusCode).toBe(403)
    const create = await testApp.app.inject({
      method: 'POST',
      url: `/api/super-admin/create?email=${encodeURIComponent(uniqueEmail('sa'))}&password=${GOOD_PASSWORD}`,
      headers: session.headers,
    })
    expect(create.statusCode).toBe(403)
  })
})

describe('revoking with a reason, and the rejected and revoked list', () => {
  const revokeWithReason = (adminId: string, reason: string) =>
    post('/api/admin-approval/reject', { adminId, rejectionNotes: `Revoked by super admin: ${reason}` }, superAdmin.headers)
  const rejectedList = (query: string, headers: Record<string, string> = superAdmin.headers) =>
    testApp.app.inject({ method: 'GET', url: `/api/admin-approval/rejected?${query}`, headers })

  async function approvedAdmin() {
    const admin = await pendingAdmin()
    await post('/api/admin-approval/approve', { adminId: admin.id }, superAdmin.headers)
    return admin
  }

  it('logs a revocation with a reason as ADMIN_REVOKED, with the reason in its notes, and ends the sessions', async () => {
    const admin = await approvedAdmin()
    const session = await signIn(testApp, admin.email, GOOD_PASSWORD)
    const answer = await revokeWithReason(admin.id, 'Left the company')
    expect(answer.json()).toEqual({ message: 'Admin account rejected successfully!' })
    expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.headers })).statusCode).toBe(401)
    const [entry] = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(eq(actionLog.targetId, admin.id))
      .orderBy(desc(actionLog.id))
      .limit(1)
    expect(entry).toMatchObject({
      action: 'ADMIN_REVOKED',
      actorId: superAdmin.id,
      details: { notes: 'Revoked by super admin: Left the company' },
    })
  })

  it('lists rejected and revoked admins with who decided, when and why', async () => {
    const revoked = await approvedAdmin()
    const rejected = await pendingAdmin()
    await revokeWithReason(revoked.id, 'Shared the portal password')
    await post('/api/admin-approval/reject', { adminId: rejected.id }, superAdmin.headers)
    const [logged] = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(eq(actionLog.targetId, revoked.id))
      .orderBy(desc(actionLog.id))
      .limit(1)
    const [me] = await testApp.app.database.db.select().from(users).where(eq(users.id, superAdmin.id))
    const list = await rejectedList('limit=100')
    expect(list.statusCode).toBe(200)
    const rows = list.json() as { id: string }[]
    expect(rows.find((row) => row.id === revoked.id)).toMatchObject({
      email: revoked.email,
      kind: 'REVOKED',
      reason: 'Shared the portal password',
      decidedAt: logged?.createdAt.toISOString(),
      decidedBy: { id: superAdmin.id, name: `${me?.fname} ${me?.lname}` },
    })
    expect(rows.find((row) => row.id === rejected.id)).toMatchObject({ kind: 'REJECTED', reason: 'Rejected by super admin' })
  })

  it('pages and searches the rejected and revoked list by e-mail', async () => {
    const admin = await pendingAdmin()
    await post('/api/admin-approval/reject', { adminId: admin.id }, superAdmin.headers)
    const found = await rejectedList(`search=${encodeURIComponent(admin.email)}`)
    expect(found.json().map((row: { id: string }) => row.id)).toEqual([admin.id])
    const firstTwo = (await rejectedList('limit=2')).json()
    const next = (await rejectedList('limit=1&offset=1')).json()
    expect(firstTwo).toHaveLength(2)
    expect(next[0].id).toBe(firstTwo[1].id)
  })

  it('refuses the rejected and revoked list to a member and to an approved admin', async () => {
    const member = await createMember(testApp)
    const admin = await signedInAdmin(testApp)
    expect((await rejectedList('', member.auth)).statusCode).toBe(403)
    expect((await rejectedList('', admin.headers)).statusCode).toBe(403)
  })
})

describe('revoking a super admin', () => {
  let app: TestApp

  beforeAll(async () => {
    app = await createTestApp()
  })

  afterAll(async () => {
    await app.close()
  })

  async function anotherSuperAdmin(by: SignedIn) {
    const email = uniqueEmail('sa')
    const created = await app.app.inject({
      method: 'POST',
      url: `/api/super-admin/create?email=${encodeURIComponent(email)}&password=${GOOD_PASSWORD}`,
      headers: by.headers,
    })
    expect(created.statusCode).toBe(201)
    return signIn(app, email, GOOD_PASSWORD)
  }

  const revoke = (by: SignedIn, target: SignedIn) =>
    app.app.inject({
      method: 'POST',
      url: '/api/admin-approval/reject',
      payload: { adminId: target.id, rejectionNotes: 'Revoked by super admin' },
      headers: by.headers,
      remoteAddress: uniqueIp(),
    })

  it('lets another approved super admin revoke one: its sessions end and the action log has it', async () => {
    const first = await signInAsBootstrapSuperAdmin(app)
    const second = await anotherSuperAdmin(first)
    expect((await revoke(second, first)).statusCode).toBe(200)
    expect((await app.app.inject({ method: 'GET', url: '/api/auth/me', headers: first.headers })).statusCode).toBe(401)
    const [entry] = await app.app.database.db
      .select()
      .from(actionLog)
      .where(eq(actionLog.targetId, first.id))
      .orderBy(desc(actionLog.id))
      .limit(1)
    expect(entry).toMatchObject({ action: 'ADMIN_REVOKED', actorId: second.id })
  })

  it('never revokes oneself, and never the last approved super admin, even when two revoke each other at once', async () => {
    const [onlyOne] = await app.app.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'SUPER_ADMIN'), eq(users.adminApproval, 'APPROVED')))
    if (!onlyOne) throw new Error('no approved super admin left')
    const survivor = await signIn(app, onlyOne.email, GOOD_PASSWORD)
    expect((await revoke(survivor, survivor)).statusCode).toBe(403)
    const partner = await anotherSuperAdmin(survivor)
    const answers = await Promise.all([revoke(survivor, partner), revoke(partner, survivor)])
    // The later one is refused: 401 when its session had already ended, 403 when it was already past the guard.
    const [won, lost] = answers.map((answer) => answer.statusCode).sort()
    expect(won).toBe(200)
    expect([401, 403]).toContain(lost)
    const approved = await app.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'SUPER_ADMIN'), eq(users.adminApproval, 'APPROVED')))
    expect(approved).toHaveLength(1)
  })
})

describe('POST /super-admin/create', () => {
  it('creates an approved super admin named Super Admin by default, who can sign in', async () => {
    const email = uniqueEmail('sa')
    const answer = await testApp.app.inject({
      method: 'POST',
      url: `/api/super-admin/create?email=${encodeURIComponent(email)}&password=${GOOD_PASSWORD}&fname=&lname=&phone=`,
      headers: superAdmin.headers,
    })
    expect(answer.statusCode).toBe(201)
    expect(answer.json()).toEqual({ message: 'Super admin created successfully.' })
    const session = await signIn(testApp, email, GOOD_PASSWORD)
    const me = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.headers })
    expect(me.json().user).toMatchObject({ role: 'SUPER_ADMIN', fname: 'Super', lname: 'Admin' })
  })

  it('never writes the password of the query string to the logs', async () => {
    const secret = 'Query-String-Secret-99'
    await testApp.app.inject({
      method: 'POST',
      url: `/api/super-admin/create?email=${encodeURIComponent(uniqueEmail('sa'))}&password=${secret}`,
      headers: superAdmin.headers,
    })
    expect(testApp.logs()).not.toContain(secret)
  })
})
