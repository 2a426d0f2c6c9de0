import { complianceStatusFor } from '@keydesk/contracts/compliance'
import { CURRENCY_NOTE } from '@keydesk/contracts/money'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { MEMBER_PASSWORD, pngFile, signInAt } from './members.ts'

/**
 * docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor' and 'Compliance': Keydesk serves the US and
 * Canada, so a locksmith business in Ontario signs up with its province, is told what applies there, and sees its
 * prices are in US dollars.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const documents = ['Government photo ID (front)', 'Government photo ID (back)', 'Business document', 'Certificate of insurance']

describe('a business from Canada', () => {
  it.each([390, 1280])('signs up from Ontario and is told what applies in its province, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const errors = collectPageErrors(page)
    const email = `oona.${width}.${Date.now()}@northern-locks.example`

    await page.goto(`${baseUrl}/register`)
    await page.getByLabel('First name').fill('Oona')
    await page.getByLabel('Last name').fill('North')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Phone').fill('416-555-0199')
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD)
    await page.getByLabel('Confirm password').fill(MEMBER_PASSWORD)
    await page.getByLabel('State or province').selectOption('Ontario')
    for (const label of documents) await page.getByLabel(label).setInputFiles(pngFile(label))
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL('**/login')
    await page.getByText('Registration successful. Please log in.').waitFor()

    await signInAt(page, baseUrl, '/login', email, MEMBER_PASSWORD)
    await page.waitForURL(`${baseUrl}/`)
    await page.goto(`${baseUrl}/requirements`)
    const ontario = complianceStatusFor('Ontario')
    await page.getByText(ontario.message).waitFor()
    expect(await page.getByText(ontario.jurisdiction, { exact: true }).isVisible()).toBe(true)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.goto(`${baseUrl}/pricing`)
    await page.getByText(CURRENCY_NOTE).first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    expect(errors).toEqual([])
    await page.close()
  })
})
