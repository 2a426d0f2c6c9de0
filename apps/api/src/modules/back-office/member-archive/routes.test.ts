import { DATA_ARCHIVES_PER_DAY } from '@keydesk/contracts/data-archive'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { complianceDocuments } from '../../../db/schema/compliance.ts'
import { files } from '../../../db/schema/files.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { users } from '../../../db/schema/users.ts'
import { encryptSecret } from '../../../lib/secret-box.ts'
import { registerAndSignIn, type SignedIn, signedInAdmin, signInAsBootstrapSuperAdmin } from '../../../test/accounts.ts'
import { pngImage } from '../../../test/images.ts'
import { paidMemberOrder } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { zipEntries } from '../../../test/zip-entries.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

let imageSize = 16

/** A member with a paid order whose keycode was released and one identity document on file. */
async function memberWithOrderAndDocument(keycode: string) {
  const { member, transaction, requestId } = await paidMemberOrder(testApp)
  const { db } = testApp.app.database
  await db
    .update(vehicleRequests)
    .set({ status: 'FULFILLED', keycodeEncrypted: encryptSecret(keycode, testApp.app.secretKey) })
    .where(eq(vehicleRequests.id, requestId))
  // A size of its own, so no two members' files have the same bytes.
  imageSize += 1
  const bytes = await pngImage(imageSize, 16)
  const storageKey = await testApp.app.storage.put(bytes, 'png')
  const [file] = await db
    .insert(files)
    .values({ ownerUserId: member.id, storageKey, contentType: 'image/png', sizeBytes: bytes.length, purpose: 'FRONT_ID' })
    .returning({ id: files.id })
  if (!file) throw new Error('file insert returned nothing')
  await db.insert(complianceDocuments).values({ userId: member.id, fileId: file.id, docType: 'FRONT_ID' })
  return { member, transaction, requestId, keycode, fileId: file.id, storageKey, bytes }
}

const askForArchive = (member: SignedIn, payload: object | undefined = { currentPassword: member.password }) =>
  testApp.app.inject({ method: 'POST', url: '/api/user/data-archive', headers: member.headers, ...(payload ? { payload } : {}) })

const askAsSuperAdmin = (superAdmin: SignedIn, userId: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url: `/api/super-admin/users/${userId}/data-archive`, headers: superAdmin.headers, payload })

const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)?.toString('utf8') ?? 'null')

describe('POST /user/data-archive', () => {
  it("answers the member's archive as a zip attachment", async () => {
    const { member } = await memberWithOrderAndDocument('ZIP001')
    const answer = await askForArchive(member)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/zip')
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="keydesk-data-\d{4}-\d{2}-\d{2}\.zip"$/)
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('holds the profile, the orders with their keycodes, the payments, the sign-ins and the documents with their files', async () => {
    const own = await memberWithOrderAndDocument('KC4471')
    const entries = await zipEntries((await askForArchive(own.member)).rawPayload)
    expect(json(entries, 'profile.json').account).toMatchObject({ id: own.member.id, email: own.member.email })
    expect(json(entries, 'orders.json')).toEqual([expect.objectContaining({ id: own.requestId, keycode: 'KC4471', makeName: 'Honda' })])
    expect(json(entries, 'payments.json')).toEqual([expect.objectContaining({ confirmationNumber: own.transaction.confirmationNumber })])
    expect(json(entries, 'sign-ins.json').length).toBeGreaterThan(0)
    expect(json(entries, 'documents.json')).toContainEqual(expect.objectContaining({ fileId: own.fileId, docType: 'FRONT_ID' }))
    const file = json(entries, 'files.json').find((row: { id: string }) => row.id === own.fileId)
    expect(file).toMatchObject({ path: `files/${own.fileId}.png`, contentType: 'image/png' })
    expect(entries.get(file.path)?.equals(own.bytes)).toBe(true)
  })

  it("never holds another member's data", async () => {
    const own = await memberWithOrderAndDocument('OWN123')
    const other = await memberWithOrderAndDocument('OTHER9')
    const entries = await zipEntries((await askForArchive(own.member)).rawPayload)
    const theOthers = [
      other.member.id,
      other.member.email,
      other.requestId,
      other.transaction.confirmationNumber,
      other.keycode,
      other.fileId,
    ]
    for (const [name, content] of entries) {
      if (name.startsWith('files/')) expect(content.equals(other.bytes), name).toBe(false)
      else for (const value of theOthers) expect(content.toString('utf8'), `${name} names ${value}`).not.toContain(value)
    }
  })

  it('holds no secret: neither the password hash nor a sealed keycode', async () => {
    const own = await memberWithOrderAndDocument('SEAL42')
    const [row] = await testApp.app.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, own.member.id))
    const [order] = await testApp.app.database.db
      .select({ sealed: vehicleRequests.keycodeEncrypted })
      .from(vehicleRequests)
      .where(eq(vehicleRequests.id, own.requestId))
    const entries = await zipEntries((await askForArchive(own.member)).rawPayload)
    const text = [...entries].flatMap(([name, content]) => (name.startsWith('files/') ? [] : [content.toString('utf8')])).join('\n')
    expect(text).not.toContain(row?.passwordHash)
    expect(text).not.toContain(order?.sealed)
    expect(text).not.toContain(own.storageKey)
  })

  it('is logged as downloaded by the member', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await askForArchive(member)).statusCode).toBe(200)
    const entries = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'DATA_ARCHIVE_DOWNLOADED'), eq(actionLog.targetId, member.id)))
    expect(entries).toEqual([expect.objectContaining({ actorId: member.id, targetType: 'user', details: {} })])
  })

  it('refuses a call without the owner’s proof (400)', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await askForArchive(member, {})
    expect(answer.statusCode).toBe(400)
  })

  it('refuses a wrong password (403) and logs nothing', async () => {
    const member = await registerAndSignIn(testApp)
    const answer = await askForArchive(member, { currentPassword: 'not-the-password' })
    expect(answer.statusCode).toBe(403)
    const entries = await testApp.app.database.db.select().from(actionLog).where(eq(actionLog.targetId, member.id))
    expect(entries.filter((entry) => entry.action === 'DATA_ARCHIVE_DOWNLOADED')).toEqual([])
  })

  it(`allows ${DATA_ARCHIVES_PER_DAY} archives a day per account, then answers 429`, async () => {
    const member = await registerAndSignIn(testApp)
    for (let call = 0; call < DATA_ARCHIVES_PER_DAY; call += 1) expect((await askForArchive(member)).statusCode).toBe(200)
    expect((await askForArchive(member)).statusCode).toBe(429)
    expect((await askForArchive(await registerAndSignIn(testApp))).statusCode).toBe(200)
  })

  it("refuses an admin's account: it has no member's archive (403)", async () => {
    const admin = await signedInAdmin(testApp)
    expect((await askForArchive(admin)).statusCode).toBe(403)
  })

  it('refuses a caller who is not signed in (401)', async () => {
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/user/data-archive', payload: { currentPassword: 'x' } })
    expect(answer.statusCode).toBe(401)
  })
})

describe('POST /super-admin/users/{id}/data-archive', () => {
  it("gives a super admin the member's archive, logged with the reason", async () => {
    const own = await memberWithOrderAndDocument('SUPER7')
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    const reason = 'Verified access request by e-mail, ticket 4411.'
    const answer = await askAsSuperAdmin(superAdmin, own.member.id, { reason })
    expect(answer.statusCode).toBe(200)
    const entries = await zipEntries(answer.rawPayload)
    expect(json(entries, 'orders.json')).toEqual([expect.objectContaining({ keycode: 'SUPER7' })])
    const logged = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'DATA_ARCHIVE_DOWNLOADED'), eq(actionLog.targetId, own.member.id)))
    expect(logged).toEqual([expect.objectContaining({ actorId: superAdmin.id, details: { reason } })])
  })

  it('refuses a super admin without a reason (400)', async () => {
    const member = await registerAndSignIn(testApp)
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    expect((await askAsSuperAdmin(superAdmin, member.id, {})).statusCode).toBe(400)
    expect((await askAsSuperAdmin(superAdmin, member.id, { reason: 'short' })).statusCode).toBe(400)
  })

  it("refuses an admin a member's archive (403)", async () => {
    const member = await registerAndSignIn(testApp)
    const admin = await signedInAdmin(testApp)
    const answer = await askAsSuperAdmin(admin, member.id, { reason: 'An admin trying to read a member archive.' })
    expect(answer.statusCode).toBe(403)
  })

  it("refuses a member another member's archive (403)", async () => {
    const member = await registerAndSignIn(testApp)
    const other = await registerAndSignIn(testApp)
    const answer = await askAsSuperAdmin(other, member.id, { reason: 'A member trying to read another archive.' })
    expect(answer.statusCode).toBe(403)
  })

  it('answers 409 for an account that is not a member', async () => {
    const admin = await signedInAdmin(testApp)
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    expect((await askAsSuperAdmin(superAdmin, admin.id, { reason: 'The archive of an admin account, refused.' })).statusCode).toBe(409)
  })
})
