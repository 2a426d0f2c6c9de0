import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { ACCOUNT_DATA_KEEP_DAYS } from '@keydesk/contracts/policy-statements'
import { DAY_MS } from '@keydesk/contracts/time'
import { parse } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { files } from '../../../db/schema/files.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { transactions } from '../../../db/schema/payments.ts'
import { users } from '../../../db/schema/users.ts'
import { runAccountPurge } from '../../../entry/account-purge-job.ts'
import { GOOD_PASSWORD, registerAndSignIn, type SignedIn, signedInAdmin, signIn, signInAgain, uniqueIp } from '../../../test/accounts.ts'
import { paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { openBodies } from '../../platform/mail/outbox.ts'
import { RELEASE_COLUMNS } from '../admin/releases-export.ts'

const clock = testClock(new Date('2026-05-04T12:00:00Z'))
let testApp: TestApp
let admin: SignedIn
let superAdmin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  admin = await signedInAdmin(testApp)
  superAdmin = await signedInAdmin(testApp, 'SUPER_ADMIN')
})
afterAll(() => testApp.close())

const db = () => testApp.app.database.db
const closeOwn = (member: SignedIn) => testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers: member.headers })
const restore = (token: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/restore-account', payload: { token }, remoteAddress: uniqueIp() })
const signInAnswer = (member: SignedIn) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: member.email, password: member.password },
    remoteAddress: uniqueIp(),
  })

/** The token of the newest restore link mailed to this address. */
async function restoreTokenMailedTo(email: string): Promise<string> {
  const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt)
  const token = mails
    .map((mail) => /restore-account#([A-Za-z0-9_-]+)/.exec(openBodies(mail, testApp.app.secretKey).text)?.[1])
    .filter(Boolean)
    .at(-1)
  if (!token) throw new Error(`no restore mail to ${email}`)
  return token
}

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]
const filesOf = (id: string) => db().select().from(files).where(eq(files.ownerUserId, id))
const actionsOn = (id: string, action: string) =>
  db()
    .select()
    .from(actionLog)
    .where(and(eq(actionLog.targetId, id), eq(actionLog.action, action)))

describe("closing one's own account (PUT /keycode-user/delete)", () => {
  it('closes it at once: the answer says so, and its session stops working', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await closeOwn(member)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: ACCOUNT_CLOSING_MESSAGES.closed })
    expect((await testApp.app.inject({ url: '/api/auth/me', headers: member.headers })).statusCode).toBe(401)
  })

  it('refuses sign-in during the 30 days with a message that says how to restore it', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    const refused = await signInAnswer(member)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(ACCOUNT_CLOSING_MESSAGES.signInRefused)
  })

  it('tells a wrong password apart from nothing: a closed account with a wrong password is only a wrong password', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'Not-The-Password-9' },
      remoteAddress: uniqueIp(),
    })
    expect(refused.statusCode).toBe(401)
  })

  it('keeps its data and files and its e-mail address: a new registration with it is refused', async () => {
    const member = await registerAndSignIn(testApp)
    const before = await filesOf(member.id)
    await closeOwn(member)
    expect(await userRow(member.id)).toMatchObject({ email: member.email })
    expect(await filesOf(member.id)).toHaveLength(before.length)
    for (const file of before) expect(await testApp.app.storage.exists(file.storageKey)).toBe(true)
    await expect(registerAndSignIn(testApp, { email: member.email })).rejects.toThrow(/registration failed/)
  })

  it('mails the owner a restore link and logs the closing as theirs', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    expect(await restoreTokenMailedTo(member.email)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await actionsOn(member.id, 'ACCOUNT_CLOSED')).map((entry) => entry.actorId)).toEqual([member.id])
  })
})

describe('restoring a closed account (POST /auth/restore-account)', () => {
  it('opens it again from the mailed link, and the member signs in', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    const answer = await restore(await restoreTokenMailedTo(member.email))
    expect(answer.json()).toEqual({ message: ACCOUNT_CLOSING_MESSAGES.restored })
    expect((await signInAnswer(member)).statusCode).toBe(200)
    expect(await actionsOn(member.id, 'ACCOUNT_RESTORED')).toHaveLength(1)
  })

  it('works once: the same link used a second time is refused', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    const token = await restoreTokenMailedTo(member.email)
    expect((await restore(token)).statusCode).toBe(200)
    const again = await restore(token)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(ACCOUNT_CLOSING_MESSAGES.restoreLinkInvalid)
  })

  it('is refused once the 30 days have run out, even before the purge ran', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    const token = await restoreTokenMailedTo(member.email)
    clock.advance(ACCOUNT_DATA_KEEP_DAYS * DAY_MS + 1)
    const late = await restore(token)
    expect(late.statusCode).toBe(404)
    expect(late.json().message).toBe(ACCOUNT_CLOSING_MESSAGES.restoreLinkInvalid)
    expect((await userRow(member.id))?.closedAt).not.toBeNull()
  })

  it('refuses a token that was never given', async () => {
    expect((await restore('x'.repeat(43))).statusCode).toBe(404)
  })
})

describe('the account purge, 30 days after closing', () => {
  it('spares an account closed 29 days ago and purges one closed 31 days ago, with its files', async () => {
    const early = await registerAndSignIn(testApp)
    await closeOwn(early)
    const earlyFiles = await filesOf(early.id)
    clock.advance(2 * DAY_MS)
    const late = await registerAndSignIn(testApp)
    await closeOwn(late)
    clock.advance(29 * DAY_MS)

    await runAccountPurge(testApp.app)
    expect(await userRow(early.id)).toBeUndefined()
    for (const file of earlyFiles) expect(await testApp.app.storage.exists(file.storageKey)).toBe(false)
    expect(await userRow(late.id)).toMatchObject({ email: late.email })
    expect(await filesOf(late.id)).not.toHaveLength(0)
  })

  it('frees the e-mail address once purged', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    clock.advance((ACCOUNT_DATA_KEEP_DAYS + 1) * DAY_MS)
    await runAccountPurge(testApp.app)
    const again = await registerAndSignIn(testApp, { email: member.email })
    expect(again.id).not.toBe(member.id)
  })

  it('spares a restored account', async () => {
    const member = await registerAndSignIn(testApp)
    await closeOwn(member)
    await restore(await restoreTokenMailedTo(member.email))
    clock.advance((ACCOUNT_DATA_KEEP_DAYS + 1) * DAY_MS)
    await runAccountPurge(testApp.app)
    expect(await userRow(member.id)).toMatchObject({ closedAt: null })
  })

  it('works through more closed accounts than one batch, and a second run finds nothing', async () => {
    const closedAt = new Date(clock.now().getTime() - (ACCOUNT_DATA_KEEP_DAYS + 1) * DAY_MS)
    const many = await db()
      .insert(users)
      .values(
        Array.from({ length: 120 }, (_, index) => ({
          email: `purge-batch-${index}-${clock.now().getTime()}@example.com`,
          passwordHash: 'x',
          fname: 'Batch',
          lname: String(index),
          closedAt,
        })),
      )
      .returning({ id: users.id })
    const open = await registerAndSignIn(testApp)
    expect((await runAccountPurge(testApp.app)).accounts).toBeGreaterThanOrEqual(120)
    for (const { id } of many) expect(await userRow(id)).toBeUndefined()
    expect(await userRow(open.id)).toBeDefined()
    expect((await runAccountPurge(testApp.app)).accounts).toBe(0)
  })

  it("keeps a purged member's paid and released order under a pseudonym, still in the release proof CSV", async () => {
    await signInAgain(testApp, admin)
    const paid = await paidMemberOrder(testApp, { validated: true })
    await startRequest(testApp, admin, paid.requestId)
    expect((await processRequest(testApp, admin, { vehicleId: paid.requestId, keycode: 'KC-PSEUDO' })).statusCode).toBe(200)
    const releasedDay = clock.now().toISOString().slice(0, 10)
    await closeOwn(paid.member)
    clock.advance((ACCOUNT_DATA_KEEP_DAYS + 1) * DAY_MS)
    await runAccountPurge(testApp.app)

    const [kept] = await db().select().from(transactions).where(eq(transactions.id, paid.transaction.id))
    expect(kept).toMatchObject({ status: 'PAID', amountCents: 6000, userId: null, customerEmail: null, customerName: null })
    expect(kept?.buyerPseudonym).toMatch(/^buyer-[0-9a-f]{12}$/)

    await signInAgain(testApp, admin)
    const csv = await testApp.app.inject({
      url: `/api/admin/releases.csv?from=${releasedDay}&to=${releasedDay}`,
      headers: admin.headers,
    })
    const rows = (parse(csv.body) as string[][]).slice(1)
    const row = rows.find((cells) => cells[RELEASE_COLUMNS.indexOf('Request ID')] === paid.requestId)
    expect(row?.[RELEASE_COLUMNS.indexOf('Requester')]).toBe(`deleted account ${kept?.buyerPseudonym}`)
    expect(row?.[RELEASE_COLUMNS.indexOf('Amount (USD)')]).toBe('60.00')
    expect(csv.body).not.toContain(paid.member.email)
  })

  it("touches nothing of another account: its row, its files and its order's e-mail stay", async () => {
    const closing = await registerAndSignIn(testApp)
    const other = await paidMemberOrder(testApp)
    const otherFiles = await filesOf(other.member.id)
    await closeOwn(closing)
    clock.advance((ACCOUNT_DATA_KEEP_DAYS + 1) * DAY_MS)
    await runAccountPurge(testApp.app)
    expect(await userRow(other.member.id)).toMatchObject({ closedAt: null })
    expect(await filesOf(other.member.id)).toHaveLength(otherFiles.length)
    for (const file of otherFiles) expect(await testApp.app.storage.exists(file.storageKey)).toBe(true)
    const [order] = await db().select().from(transactions).where(eq(transactions.id, other.transaction.id))
    expect(order).toMatchObject({ userId: other.member.id, buyerPseudonym: null })
  })
})

describe('an admin closing a member account (POST /admin/users/{id}/close)', () => {
  const reason = 'The member asked by phone to close the account.'
  const closeAsAdmin = (who: SignedIn, id: string) =>
    testApp.app.inject({ method: 'POST', url: `/api/admin/users/${id}/close`, headers: who.headers, payload: { reason } })

  it('closes it with the reason in the action log and mails the member the restore link', async () => {
    await signInAgain(testApp, admin)
    const member = await registerAndSignIn(testApp)
    const answer = await closeAsAdmin(admin, member.id)
    expect(answer.json()).toEqual({ message: ACCOUNT_CLOSING_MESSAGES.closedByAdmin })
    expect((await signInAnswer(member)).json().message).toBe(ACCOUNT_CLOSING_MESSAGES.signInRefused)
    expect(await restoreTokenMailedTo(member.email)).toBeTruthy()
    const [entry] = await actionsOn(member.id, 'ACCOUNT_CLOSED')
    expect(entry).toMatchObject({ actorId: admin.id, details: { reason } })
  })

  it('shows the closing day on Registered Users, so the back office sees the account is closed', async () => {
    await signInAgain(testApp, admin)
    const member = await registerAndSignIn(testApp)
    await closeAsAdmin(admin, member.id)
    const search = `?search=${encodeURIComponent(member.email)}`
    const [listed] = (await testApp.app.inject({ method: 'GET', url: `/api/admin/users${search}`, headers: admin.headers })).json()
    expect(listed).toMatchObject({ id: member.id, closedAt: (await userRow(member.id))?.closedAt?.toISOString() })
    expect(listed.closedAt).not.toBeNull()
  })

  it("refuses an admin's account, and a member calling it", async () => {
    await signInAgain(testApp, admin)
    const otherAdmin = await signedInAdmin(testApp)
    expect((await closeAsAdmin(admin, otherAdmin.id)).statusCode).toBe(409)
    const member = await registerAndSignIn(testApp)
    const victim = await registerAndSignIn(testApp)
    expect((await closeAsAdmin(member, victim.id)).statusCode).toBe(403)
    expect(await userRow(victim.id)).toMatchObject({ closedAt: null })
  })

  it('refuses a reason too short to say why', async () => {
    await signInAgain(testApp, admin)
    const member = await registerAndSignIn(testApp)
    const answer = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/close`,
      headers: admin.headers,
      payload: { reason: 'no' },
    })
    expect(answer.statusCode).toBe(400)
  })
})

describe('a super admin purging at once (POST /super-admin/users/{id}/purge)', () => {
  const reason = 'Verified request by e-mail from the account address, ticket 4411.'
  const purge = (who: SignedIn, id: string) =>
    testApp.app.inject({ method: 'POST', url: `/api/super-admin/users/${id}/purge`, headers: who.headers, payload: { reason } })

  it("deletes the member's account and files at once, the reason in the action log", async () => {
    await signInAgain(testApp, superAdmin)
    const member = await registerAndSignIn(testApp)
    const owned = await filesOf(member.id)
    const answer = await purge(superAdmin, member.id)
    expect(answer.json()).toEqual({ message: ACCOUNT_CLOSING_MESSAGES.purged })
    expect(await userRow(member.id)).toBeUndefined()
    for (const file of owned) expect(await testApp.app.storage.exists(file.storageKey)).toBe(false)
    const [entry] = await actionsOn(member.id, 'ACCOUNT_PURGED')
    expect(entry).toMatchObject({ actorId: superAdmin.id, details: { reason } })
    await expect(signIn(testApp, member.email, GOOD_PASSWORD)).rejects.toThrow(/401/)
  })

  it('is refused to an admin, and the account stays', async () => {
    await signInAgain(testApp, admin)
    const member = await registerAndSignIn(testApp)
    expect((await purge(admin, member.id)).statusCode).toBe(403)
    expect(await userRow(member.id)).toBeDefined()
  })
})
