import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngImage } from '../../api/src/test/images.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { registerMember } from './members.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('member profile in a real browser', () => {
  it('a member edits the profile and uploads credentials', async () => {
    const baseUrl = suiteUrl()
    const email = `dana-${Date.now()}@locke-keys.example`
    const { password } = await registerMember(baseUrl, { fname: 'Dana', lname: 'Locke', email, image: await pngImage() })

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
    await page.getByLabel('ZIP or postal code').fill('73301')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(PROFILE_MESSAGES.profileUpdated).waitFor()
    await page.reload()
    expect(await page.getByLabel('City').inputValue()).toBe('Austin')

    await page.getByRole('tab', { name: 'Credentials' }).click()
    await page.getByLabel('Business document').setInputFiles({
      name: 'business-license.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF'),
    })
    await page.getByRole('button', { name: 'Upload documents' }).click()
    await page.getByText(PROFILE_MESSAGES.documentsUploaded).waitFor()
    await page
      .getByText(/Business document/)
      .last()
      .waitFor()
    expect(await page.getByRole('region', { name: 'Notices' }).textContent()).toContain('Documents received')
    expect(errors).toEqual([])
    await page.close()
  })
})
