import { planPriceLines } from '@keydesk/contracts/plan-benefits'
import type { PaidTier } from '@keydesk/contracts/subscription-constants'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { memberWithPaidRequest, signInAt } from './members.ts'

/**
 * Small frictions a new user met, each where it happens (docs/product.md, 'Screens and routes (web)'): the home page's
 * plans with their annual prices, a paid order that offers no Edit, and the two-factor row saying what it protects.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const PAID_TIERS: PaidTier[] = ['BASIC', 'PROFESSIONAL', 'ENTERPRISE']

describe('what a member reads on the way', () => {
  it.each([390, 1280])("shows each plan's monthly and annual price on the home page, at %ipx", async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const errors = collectPageErrors(page)
    await page.goto(`${suiteUrl()}/`)
    for (const tier of PAID_TIERS) {
      const { monthly, annual } = planPriceLines(tier)
      await page.getByText(annual, { exact: true }).first().waitFor()
      expect(await page.getByText(monthly).count()).toBeGreaterThan(0)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it.each([390, 1280])('offers no Edit on a paid order, and says what two-factor protects, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const vin = validVin('1HGCR2F3', 'G', String(390000 + width))
    const member = await memberWithPaidRequest(baseUrl, { fname: 'Fran', lname: 'Friction', vin })
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const errors = collectPageErrors(page)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    await page.waitForURL(`${baseUrl}/`)

    await page.goto(`${baseUrl}/user-dash`)
    const card = page.getByRole('listitem').filter({ hasText: vin })
    await card.getByText('Confirmation number').waitFor()
    expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(0)

    await page.goto(`${baseUrl}/profile?tab=security`)
    const twoFactor = page.getByRole('checkbox', { name: 'Two-factor authentication' })
    await twoFactor.waitFor()
    expect(await twoFactor.getAttribute('aria-describedby')).toBe('two-factor-hint')
    expect(await page.locator('#two-factor-hint').textContent()).toContain('a stolen password alone cannot open your account')
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
