import { CREDENTIAL_MESSAGES, CredentialsSchema } from '@keydesk/contracts/credentials'
import { DOCUMENT_NAMES } from '@keydesk/contracts/documents'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complianceDocuments } from '../../../db/schema/compliance.ts'
import { files } from '../../../db/schema/files.ts'
import { notices } from '../../../db/schema/member.ts'
import { jpegWithExif, pngImage } from '../../../test/images.ts'
import { createMember, type TestMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF')

let testApp: TestApp
let member: TestMember
let other: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  member = await createMember(testApp)
  other = await createMember(testApp)
})
afterAll(() => testApp.close())

function form(uploads: Record<string, { data: Buffer; name: string; type: string }>) {
  const body = new FormData()
  for (const [name, file] of Object.entries(uploads))
    body.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name)
  return body
}
const put = (headers: Record<string, string>, payload: FormData) =>
  testApp.app.inject({ method: 'PUT', url: '/api/user/credentials', headers, payload })
const get = (headers: Record<string, string>) => testApp.app.inject({ url: '/api/user/credentials', headers })

describe('PUT /user/credentials', () => {
  it('turns a PDF business document into a compliance document pending review, with a notice', async () => {
    const uploader = await createMember(testApp)
    const response = await put(uploader.auth, form({ businessLicense: { data: pdf, name: 'license.pdf', type: 'application/pdf' } }))
    expect(response.statusCode).toBe(200)
    const credentials = CredentialsSchema.parse(response.json())
    expect(credentials.businessLicense).toMatchObject({ name: 'Business document', review: 'PENDING' })
    const [document] = await testApp.app.database.db.select().from(complianceDocuments).where(eq(complianceDocuments.userId, uploader.id))
    expect(document).toMatchObject({ docType: 'BUSINESS_DOCUMENT', verified: null })
    const [file] = await testApp.app.database.db
      .select()
      .from(files)
      .where(eq(files.id, document?.fileId ?? ''))
    expect(file).toMatchObject({ ownerUserId: uploader.id, contentType: 'application/pdf' })
    expect(await testApp.app.storage.get(file?.storageKey ?? '')).toEqual(pdf)
    const [notice] = await testApp.app.database.db.select().from(notices).where(eq(notices.userId, uploader.id))
    expect(notice?.title).toBe('Documents received')
  })

  it('accepts both sides of the government photo ID and an insurance certificate as images, stored without metadata', async () => {
    const uploader = await createMember(testApp)
    const response = await put(
      uploader.auth,
      form({
        driversLicenseFront: { data: await jpegWithExif(), name: 'front.jpeg', type: 'image/jpeg' },
        driversLicenseBack: { data: await pngImage(), name: 'back.png', type: 'image/png' },
        insuranceCertificate: { data: await pngImage(), name: 'coi.png', type: 'image/png' },
      }),
    )
    expect(response.statusCode).toBe(200)
    const credentials = CredentialsSchema.parse(response.json())
    expect(credentials.driversLicenseFront?.review).toBe('PENDING')
    expect(credentials.driversLicenseBack?.review).toBe('PENDING')
    expect(credentials.insuranceCertificate?.review).toBe('PENDING')
    const rows = await testApp.app.database.db
      .select({ key: files.storageKey, purpose: files.purpose })
      .from(files)
      .where(eq(files.ownerUserId, uploader.id))
    const front = rows.find((row) => row.purpose === 'FRONT_ID')
    expect((await testApp.app.storage.get(front?.key ?? '')).toString('latin1')).not.toContain('SecretCameraMaker')
  })

  it('asks for at least one document', async () => {
    const response = await put(member.auth, form({}))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('Please select at least one document to upload.')
  })

  it('refuses one side of the government photo ID alone', async () => {
    const response = await put(member.auth, form({ driversLicenseFront: { data: await pngImage(), name: 'front.png', type: 'image/png' } }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(CREDENTIAL_MESSAGES.licenseNeedsBothSides)
  })

  it('refuses by content a file named and typed as a PDF that is not one, and stores nothing', async () => {
    const uploader = await createMember(testApp)
    const fake = Buffer.from('<html><script>alert(1)</script></html>')
    const response = await put(uploader.auth, form({ businessLicense: { data: fake, name: 'license.pdf', type: 'application/pdf' } }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(CREDENTIAL_MESSAGES.fileType)
    expect(await testApp.app.database.db.select().from(files).where(eq(files.ownerUserId, uploader.id))).toEqual([])
  })

  it('refuses an image type the product rules do not accept (webp), whatever its name', async () => {
    const sharp = (await import('sharp')).default
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer()
    const response = await put(member.auth, form({ insuranceCertificate: { data: webp, name: 'coi.png', type: 'image/png' } }))
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(CREDENTIAL_MESSAGES.fileType)
  })

  it('refuses a visitor', async () => {
    expect((await put({}, form({ businessLicense: { data: pdf, name: 'l.pdf', type: 'application/pdf' } }))).statusCode).toBe(401)
  })
})

describe('GET /user/credentials', () => {
  it("answers the member's documents with their review state, never another member's", async () => {
    await put(other.auth, form({ insuranceCertificate: { data: pdf, name: 'coi.pdf', type: 'application/pdf' } }))
    const reviewer = await createMember(testApp)
    await put(reviewer.auth, form({ businessLicense: { data: pdf, name: 'l.pdf', type: 'application/pdf' } }))
    await testApp.app.database.db.update(complianceDocuments).set({ verified: true }).where(eq(complianceDocuments.userId, reviewer.id))
    const credentials = CredentialsSchema.parse((await get(reviewer.auth)).json())
    expect(credentials.businessLicense?.review).toBe('VERIFIED')
    expect(credentials.insuranceCertificate).toBeNull()
    expect(credentials.identificationDocuments).toHaveLength(1)
  })

  async function plantSignUpDocument(memberId: string, docType: string) {
    const db = testApp.app.database.db
    const [file] = await db
      .insert(files)
      .values({ ownerUserId: memberId, storageKey: `${docType}-${memberId}`, contentType: 'image/png', sizeBytes: 10, purpose: docType })
      .returning({ id: files.id })
    await db.insert(complianceDocuments).values({ userId: memberId, fileId: file?.id ?? '', docType })
  }

  it('names each document by its one name, the photo ID sent at sign-up included', async () => {
    const member = await createMember(testApp)
    await plantSignUpDocument(member.id, 'FRONT_ID')
    await put(member.auth, form({ businessLicense: { data: pdf, name: 'l.pdf', type: 'application/pdf' } }))
    const credentials = CredentialsSchema.parse((await get(member.auth)).json())
    expect(credentials.identificationDocuments.map((document) => document.name).sort()).toEqual(
      [DOCUMENT_NAMES.businessDocument, DOCUMENT_NAMES.frontId].sort(),
    )
    expect(credentials.driversLicenseFront?.name).toBe(DOCUMENT_NAMES.frontId)
  })

  it('replaces the business document sign-up took, so the member has one, not a business license beside it', async () => {
    const member = await createMember(testApp)
    await plantSignUpDocument(member.id, 'BUSINESS_DOCUMENT')
    await put(member.auth, form({ businessLicense: { data: pdf, name: 'l.pdf', type: 'application/pdf' } }))
    const names = CredentialsSchema.parse((await get(member.auth)).json()).identificationDocuments.map((document) => document.name)
    expect(names).toEqual([DOCUMENT_NAMES.businessDocument])
  })

  it('refuses a visitor', async () => {
    expect((await get({})).statusCode).toBe(401)
  })
})
