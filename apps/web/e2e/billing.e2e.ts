import { formatDollars, toCents } from '@keydesk/contracts/money'
import { planCharge } from '@keydesk/contracts/plan-prices'
import { REFUND_MESSAGES } from '@keydesk/contracts/refunds'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { downloadedText, launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, memberWithPaidRequest, payCart, signInAt } from './members.ts'

/**
 * The member's one billing page (decision 032) in a browser, at a phone's and a desk's width, with what a member who
 * has been with us a while holds: an annual plan and a paid keycode order. The page states the plan, its period and
 * next charge; each payment downloads its PDF receipt; the member asks for the Refund Policy's refund now and then sees
 * it requested.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Buys a plan through the API and the sandbox checkout, as the cart and the hosted page would. */
async function buyAnnualProfessional(baseUrl: string, headers: { cookie: string }) {
  const added = await fetch(`${baseUrl}/api/cart/addSubscription`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ tier: 'PROFESSIONAL', billing: 'ANNUAL' }),
  })
  expect(added.status).toBe(200)
  await payCart(baseUrl, headers, planCharge('PROFESSIONAL', 'ANNUAL')?.firstChargeCents ?? 0)
}

describe('the billing page', () => {
  for (const [width, serial] of [
    [390, '390201'],
    [1280, '128201'],
  ] as const) {
    it(`at ${width} px: states the plan and its next charge, downloads a receipt, and asks for the refund now`, async () => {
      const baseUrl = suiteUrl()
      const member = await memberWithPaidRequest(baseUrl, { fname: 'Bill', lname: 'Ledger', vin: validVin('1HGCR2F3', 'G', serial) })
      await buyAnnualProfessional(baseUrl, await apiSignIn(baseUrl, member.email, member.password))

      const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true })
      const errors = collectPageErrors(page)
      await signInAt(page, baseUrl, '/login', member.email, member.password)
      await page.waitForURL(`${baseUrl}/`)
      await page.goto(`${baseUrl}/profile?tab=subscription`)

      const panel = page.getByRole('tabpanel')
      await panel.getByText('Annual', { exact: true }).waitFor()
      const renewal = planCharge('PROFESSIONAL', 'ANNUAL')?.periodCents ?? 0
      expect(await panel.getByText(`${formatDollars(renewal)} on `).count()).toBe(1)
      const payments = page.getByRole('region', { name: 'Payments and receipts' })
      await payments
        .getByRole('link', { name: /^Download the receipt of KD-/ })
        .first()
        .waitFor()
      expect(await payments.getByRole('link', { name: /^Download the receipt of KD-/ }).count()).toBe(2)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        payments
          .getByRole('link', { name: /^Download the receipt of KD-/ })
          .first()
          .click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^keydesk-receipt-KD-[A-Z0-9]+\.pdf$/)
      expect((await downloadedText(download)).startsWith('%PDF-')).toBe(true)

      const cancellation = page.getByRole('region', { name: 'Cancellation and refund' })
      const refundNow = cancellation.getByRole('button', { name: /^Cancel now with a refund of \$/ })
      const offered = toCents(Number((await refundNow.textContent())?.replace(/^.*\$/, '').replaceAll(',', '')))
      await refundNow.click()
      const dialog = page.getByRole('dialog', { name: 'Cancel now with a refund?' })
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Ask for the refund' }).click()
      await cancellation.getByText(REFUND_MESSAGES.requested(offered)).waitFor()
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(REFUND_MESSAGES.requested(offered))
      await cancellation.getByText(/^Refund requested on /).waitFor()
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    })
  }
})
