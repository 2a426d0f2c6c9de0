import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pngImage } from '../../api/src/test/images.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A business account made through the real sign-up call (docs/product.md §12 POST /auth/register). */
async function registerMember(baseUrl: string, email: string, password: string) {
  const image = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' })
  const form = new FormData()
  for (const [name, value] of Object.entries({ fname: 'Dana', lname: 'Locke', email, phone: '555-0100', password, state: 'Texas' })) {
    form.append(name, value)
  }
  for (const name of ['frontId', 'backId', 'businessDocument', 'coi']) form.append(name, image, `${name}.png`)
  const response = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form })
  if (!response.ok) throw new Error(`registration failed: ${response.status} ${await response.text()}`)
}

describe('member profile in a real browser', () => {
  it('a member edits the profile and uploads credentials', async () => {
    const baseUrl = inject('baseUrl')
    const email = `dana-${Date.now()}@locke-keys.example`
    const password = 'locke-keys-pass-1'
    await registerMember(baseUrl, email, password)

    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.goto(`${baseUrl}/login?redirect=%2Fprofile`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL('**/profile')

    await page.getByRole('button', { name: 'Edit profile' }).click()
    expect(await page.getByLabel('Email').isDisabled()).toBe(true)
    await page.getByLabel('City').fill('Austin')
    await page.getByLabel('ZIP code').fill('73301')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(PROFILE_MESSAGES.profileUpdated).waitFor()
    await page.reload()
    expect(await page.getByLabel('City').inputValue()).toBe('Austin')

    await page.getByRole('tab', { name: 'Credentials' }).click()
    await page.getByLabel('Business license').setInputFiles({
      name: 'business-license.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF'),
    })
    await page.getByRole('button', { name: 'Upload documents' }).click()
    await page.getByText(PROFILE_MESSAGES.documentsUploaded).waitFor()
    await page
      .getByText(/Business license/)
      .last()
      .waitFor()
    expect(await page.getByRole('region', { name: 'Notices' }).textContent()).toContain('Documents received')
    expect(errors).toEqual([])
    await page.close()
  })
})
