import { CREDENTIAL_STORAGE_FULL } from '@keydesk/contracts/credentials'
import { CREDENTIAL_UPLOADS_PER_10_MINUTES } from '@keydesk/contracts/limits'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complianceDocuments } from '../../../db/schema/compliance.ts'
import { files } from '../../../db/schema/files.ts'
import { pngImage } from '../../../test/images.ts'
import { createMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(() => testApp.close())

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF`)

function licenseForm(data: Buffer) {
  const body = new FormData()
  body.append('businessLicense', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), 'license.pdf')
  return body
}
const put = (headers: Record<string, string>, data: Buffer) =>
  testApp.app.inject({ method: 'PUT', url: '/api/user/credentials', headers, payload: licenseForm(data) })

async function documentsOf(userId: string) {
  return testApp.app.database.db
    .select({ docType: complianceDocuments.docType, storageKey: files.storageKey, sizeBytes: files.sizeBytes })
    .from(complianceDocuments)
    .innerJoin(files, eq(files.id, complianceDocuments.fileId))
    .where(eq(complianceDocuments.userId, userId))
}

/** A document already on file of `sizeBytes` (its rows only: the cap is counted from the rows). */
async function plantDocument(userId: string, docType: string, sizeBytes: number) {
  const db = testApp.app.database.db
  const [file] = await db
    .insert(files)
    .values({ ownerUserId: userId, storageKey: `planted-${userId}`, contentType: 'application/pdf', sizeBytes, purpose: docType })
    .returning({ id: files.id })
  await db.insert(complianceDocuments).values({ userId, fileId: file?.id ?? '', docType })
}

describe('credential uploads', () => {
  it('replace the previous document of the same kind, whose file is removed once the new one is stored', async () => {
    const member = await createMember(testApp)
    expect((await put(member.auth, pdf('first'))).statusCode).toBe(200)
    const [first] = (await documentsOf(member.id)).filter((row) => row.docType === 'BUSINESS_DOCUMENT')
    expect((await put(member.auth, pdf('second'))).statusCode).toBe(200)
    const licenses = (await documentsOf(member.id)).filter((row) => row.docType === 'BUSINESS_DOCUMENT')
    expect(licenses).toHaveLength(1)
    expect(await testApp.app.storage.get(licenses[0]?.storageKey ?? '')).toEqual(pdf('second'))
    expect(await testApp.app.storage.exists(first?.storageKey ?? '')).toBe(false)
    expect(
      await testApp.app.database.db
        .select()
        .from(files)
        .where(eq(files.storageKey, first?.storageKey ?? '')),
    ).toEqual([])
  })

  it('refuse a document that would take the member past 50 MB, with a clear message, storing nothing', async () => {
    const member = await createMember(testApp)
    const db = testApp.app.database.db
    await plantDocument(member.id, 'INSURANCE', 49.5 * 1024 * 1024)
    const before = await documentsOf(member.id)
    const answer = await put(member.auth, Buffer.concat([pdf('large'), Buffer.alloc(600 * 1024, 32)]))
    expect(answer.statusCode).toBe(413)
    expect(answer.json().message).toBe(CREDENTIAL_STORAGE_FULL)
    expect(await documentsOf(member.id)).toEqual(before)
    const stored: string[] = []
    for await (const object of testApp.app.storage.list()) stored.push(object.key)
    const rows = await db.select({ key: files.storageKey }).from(files)
    expect(stored.filter((key) => !rows.some((row) => row.key === key))).toEqual([])
  })

  it(`are limited to ${CREDENTIAL_UPLOADS_PER_10_MINUTES} per account in 10 minutes, without limiting another member`, async () => {
    const member = await createMember(testApp)
    const other = await createMember(testApp)
    for (let upload = 0; upload < CREDENTIAL_UPLOADS_PER_10_MINUTES; upload++) {
      expect((await put(member.auth, pdf(`upload ${upload}`))).statusCode).toBe(200)
    }
    const refused = await put(member.auth, pdf('one too many'))
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('RATE_LIMITED')
    expect((await put(other.auth, pdf('other member'))).statusCode).toBe(200)
  })
})

describe('ID and insurance images sent with a profile update (PUT /auth/updateProfile), under the same rule', () => {
  async function profileForm(image: Buffer) {
    const body = new FormData()
    body.append('fname', 'Lena')
    body.append('lname', 'Locksmith')
    body.append('insurance', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'insurance.png')
    return body
  }
  const update = async (headers: Record<string, string>, image: Buffer) =>
    testApp.app.inject({ method: 'PUT', url: '/api/auth/updateProfile', headers, payload: await profileForm(image) })

  it('replace the previous image of the kind, its file removed: three updates leave one insurance document', async () => {
    const member = await createMember(testApp)
    const keys: string[] = []
    for (let upload = 0; upload < 3; upload++) {
      expect((await update(member.auth, await pngImage(8 + upload, 8))).statusCode).toBe(200)
      const insurance = (await documentsOf(member.id)).filter((row) => row.docType === 'INSURANCE')
      expect(insurance).toHaveLength(1)
      keys.push(insurance[0]?.storageKey ?? '')
    }
    for (const key of keys.slice(0, -1)) expect(await testApp.app.storage.exists(key)).toBe(false)
  })

  it('refuse an image that would take the member past 50 MB, storing nothing', async () => {
    const member = await createMember(testApp)
    // Another document fills the share: an insurance image would replace the sign-up's certificate, not add to it.
    await plantDocument(member.id, 'BUSINESS_DOCUMENT', 50 * 1024 * 1024)
    const answer = await update(member.auth, await pngImage())
    expect(answer.statusCode).toBe(413)
    expect(answer.json().message).toBe(CREDENTIAL_STORAGE_FULL)
    expect((await documentsOf(member.id)).map((row) => row.docType)).toEqual(['BUSINESS_DOCUMENT'])
  })

  it(`are limited to ${CREDENTIAL_UPLOADS_PER_10_MINUTES} per account in 10 minutes`, async () => {
    const member = await createMember(testApp)
    for (let upload = 0; upload < CREDENTIAL_UPLOADS_PER_10_MINUTES; upload++) {
      expect((await update(member.auth, await pngImage())).statusCode).toBe(200)
    }
    expect((await update(member.auth, await pngImage())).statusCode).toBe(429)
  })
})
