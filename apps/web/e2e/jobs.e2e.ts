import { JOB_MESSAGES } from '@keydesk/contracts/jobs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { downloadedText, launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { memberWithPaidRequest, signInAt } from './members.ts'

/**
 * The paperwork of a job (decision 036) in a browser, at a phone's and a desk's width: a member records the job of an
 * order from the dashboard, downloads the order's receipt, and later finds the job by the customer's phone, typed
 * another way than it was saved.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('a job record', () => {
  for (const [width, serial] of [
    [390, '390301'],
    [1280, '128301'],
  ] as const) {
    it(`at ${width} px: is recorded on the order, and the customer is found again by phone`, async () => {
      const baseUrl = suiteUrl()
      const vin = validVin('1HGCR2F3', 'G', serial)
      const member = await memberWithPaidRequest(baseUrl, { fname: 'Jo', lname: 'Bench', vin })
      const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true })
      const errors = collectPageErrors(page)
      await signInAt(page, baseUrl, '/login', member.email, member.password)
      await page.waitForURL(`${baseUrl}/`)

      await page.goto(`${baseUrl}/user-dash`)
      await page.getByRole('button', { name: 'Job record' }).first().click()
      const dialog = page.getByRole('dialog', { name: /^Job: / })
      await dialog.getByLabel('Customer name').fill('Dana Whitfield')
      await dialog.getByLabel('Customer phone').fill('+1 (416) 555-0142')
      await dialog.getByLabel('Plate').fill('CBKR 447')
      await dialog.getByRole('button', { name: 'Save job' }).click()
      await dialog.getByText(JOB_MESSAGES.saved).waitFor()
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      await page.keyboard.press('Escape')

      await page.goto(`${baseUrl}/profile?tab=subscription`)
      const payments = page.getByRole('region', { name: 'Payments and receipts' })
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        payments
          .getByRole('link', { name: /^Download the receipt of KD-/ })
          .first()
          .click(),
      ])
      expect((await downloadedText(download)).startsWith('%PDF-')).toBe(true)

      await page.goto(`${baseUrl}/jobs`)
      await page.getByLabel('Customer name, phone, plate, VIN or confirmation number').fill('416 555 0142')
      await page.getByRole('button', { name: 'Find' }).click()
      const found = page.getByRole('heading', { name: 'Dana Whitfield' })
      await found.waitFor()
      expect(await page.getByText(vin).count()).toBe(1)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(errors).toEqual([])
      await page.close()
    })
  }
})
