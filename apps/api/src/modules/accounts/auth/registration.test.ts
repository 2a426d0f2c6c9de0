import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { UPLOAD_MAX_BYTES } from '@keydesk/contracts/limits'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complianceDocuments } from '../../../db/schema/compliance.ts'
import { files } from '../../../db/schema/files.ts'
import { users } from '../../../db/schema/users.ts'
import { registrationForm, uniqueIp } from '../../../test/accounts.ts'
import { notAnImage, pngImage } from '../../../test/images.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp.close()
})

const register = (form: FormData) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: form, remoteAddress: uniqueIp() })

async function storedFileCount(): Promise<number> {
  const root = path.join(testApp.config.dataDir, 'uploads')
  const folders = await readdir(root).catch(() => [] as string[])
  let count = 0
  for (const folder of folders) count += (await readdir(path.join(root, folder))).length
  return count
}

describe('POST /auth/register', () => {
  it('creates a business user who is not yet validated, with the four documents pending review', async () => {
    const { form, email } = await registrationForm()
    const answer = await register(form)
    expect(answer.statusCode).toBe(201)
    expect(answer.json().user).toMatchObject({ email, role: 'BASEUSER', isValidatedUser: false })
    const [user] = await testApp.app.database.db.select().from(users).where(eq(users.email, email))
    const documents = await testApp.app.database.db
      .select()
      .from(complianceDocuments)
      .where(eq(complianceDocuments.userId, user?.id ?? ''))
    expect(documents.map((document) => document.docType).sort()).toEqual(['BACK_ID', 'BUSINESS_DOCUMENT', 'COI', 'FRONT_ID'])
    expect(documents.every((document) => document.verified === null)).toBe(true)
  })

  it('stores a hash, never the password', async () => {
    const { form, email, password } = await registrationForm()
    await register(form)
    const [user] = await testApp.app.database.db.select().from(users).where(eq(users.email, email))
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(user?.passwordHash).not.toContain(password)
  })

  it('refuses a second account for the same e-mail', async () => {
    const first = await registrationForm()
    await register(first.form)
    const second = await registrationForm({ email: first.email })
    const answer = await register(second.form)
    expect(answer.statusCode).toBe(409)
    expect(answer.body).toBe('An account with this email already exists.')
  })

  it('tells nothing about a taken e-mail to a call that is not a complete sign-up (docs/decisions/018)', async () => {
    const taken = await registrationForm()
    await register(taken.form)
    for (const missing of [{ coi: null }, { frontId: null }] as Record<string, null>[]) {
      const probe = await register((await registrationForm({ email: taken.email }, missing)).form)
      const fresh = await register((await registrationForm({}, missing)).form)
      expect([probe.statusCode, probe.body]).toEqual([fresh.statusCode, fresh.body])
      expect(probe.statusCode).toBe(400)
    }
  })

  it('refuses a password under 8 characters with the business page text', async () => {
    const { form } = await registrationForm({ password: 'Short1!' })
    const answer = await register(form)
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toBe('Password must be at least 8 characters long.')
  })

  it('refuses one of the most common passwords', async () => {
    const { form } = await registrationForm({ password: 'password123' })
    expect((await register(form)).body).toBe('This password is too common. Choose a less predictable one.')
  })

  it('requires all four documents with the documented text', async () => {
    const { form } = await registrationForm({}, { coi: null })
    const answer = await register(form)
    expect(answer.statusCode).toBe(400)
    // docs/product.md, 'Accounts and sessions': a failed registration is answered as text.
    expect(answer.body).toBe('File is required.')
  })

  it('refuses bytes that are not an image even when named .jpg, and stores nothing', async () => {
    const before = await storedFileCount()
    const { form, email } = await registrationForm({}, { backId: new Blob([notAnImage], { type: 'image/jpeg' }) })
    const answer = await register(form)
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toBe('Only image files are allowed.')
    expect(await storedFileCount()).toBe(before)
    expect(await testApp.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([])
  })

  it('judges an upload by its bytes: image bytes sent with a wrong name and type are stored as the image they are', async () => {
    const { form, email } = await registrationForm(
      {},
      { coi: new Blob([new Uint8Array(await pngImage())], { type: 'application/x-msdownload' }) },
    )
    // The form helper names each file <field>.png; resend the COI under a misleading name.
    form.delete('coi')
    form.append('coi', new Blob([new Uint8Array(await pngImage())], { type: 'application/x-msdownload' }), 'invoice.exe')
    expect((await register(form)).statusCode).toBe(201)
    const [user] = await testApp.app.database.db.select().from(users).where(eq(users.email, email))
    const stored = await testApp.app.database.db
      .select()
      .from(files)
      .where(eq(files.ownerUserId, user?.id ?? ''))
    const coi = stored.find((file) => file.purpose === 'COI')
    expect(coi?.contentType).toBe('image/png')
    expect(coi?.storageKey).toMatch(/\.png$/)
  })

  it('refuses a file over 5 MB, and stores nothing', async () => {
    const before = await storedFileCount()
    const rowsBefore = (await testApp.app.database.db.select({ id: files.id }).from(files)).length
    const { form } = await registrationForm({}, { frontId: new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 10)], { type: 'image/png' }) })
    const answer = await register(form)
    expect(answer.statusCode).toBe(413)
    expect(answer.body).toBe('File size should not exceed 5MB.')
    expect(await storedFileCount()).toBe(before)
    expect((await testApp.app.database.db.select({ id: files.id }).from(files)).length).toBe(rowsBefore)
  })

  it('leaves no file behind when the account cannot be saved', async () => {
    const first = await registrationForm()
    await register(first.form)
    const before = await storedFileCount()
    // The same address in another case is the same account (e-mails are lowercased).
    const clash = await registrationForm({ email: first.email.toUpperCase() })
    expect((await register(clash.form)).statusCode).toBe(409)
    expect(await storedFileCount()).toBe(before)
  })
})
