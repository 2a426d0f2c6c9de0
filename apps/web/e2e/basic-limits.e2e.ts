import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, memberWithPaidRequest, signInAt } from './members.ts'

/**
 * Basic's limits as a member sees them before paying (docs/decisions/021): a trial of Basic is one plan month, its
 * one discounted keycode already spent on a Ford. The next Ford shows the member price and why there is no discount;
 * a Toyota shows the standard price and which makes Basic covers; the cart says the same and totals it.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe("a Basic member's second order of the month", () => {
  it.each([390, 1280])('shows no discount and says why, and a Toyota at the standard price, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const member = await memberWithPaidRequest(baseUrl, {
      fname: 'Bea',
      lname: 'Basic',
      trialTier: 'BASIC',
      vehicle: { make: 'Ford', model: 'F-150' },
      vin: validVin('1FTFW1E5', 'G', String(520000 + width)),
    })
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const errors = collectPageErrors(page)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    await page.waitForURL(`${baseUrl}/`)

    await page.goto(`${baseUrl}/vehicle-keycode-request`)
    const price = page.getByRole('region', { name: 'Price' })
    await page.getByLabel('Make').selectOption('Ford')
    await price.getByText('Ford keycode: $55.00').waitFor()
    // A trial's one plan month ends with the trial: no next discount is promised (the plan would have to be bought).
    expect(await price.getByText('Your Basic discount for this month is used', { exact: false }).isVisible()).toBe(true)
    expect(await price.getByText('next on', { exact: false }).count()).toBe(0)
    await page.getByLabel('Make').selectOption('Toyota')
    await price.getByText('Toyota keycode: $75.00').waitFor()
    expect(await price.getByText('Standard price: Basic covers Ford, Nissan and Chevrolet').isVisible()).toBe(true)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    const headers = await apiSignIn(baseUrl, member.email, member.password)
    const order = new FormData()
    const vin = validVin('1FTFW1E5', 'G', String(530000 + width))
    for (const [field, value] of Object.entries({ make: 'Ford', model: 'F-150', year: '2016', vin })) order.append(field, value)
    expect((await fetch(`${baseUrl}/api/vehicle/request-keycode-public`, { method: 'POST', body: order, headers })).status).toBe(201)
    await page.goto(`${baseUrl}/cart`)
    const line = page.getByRole('listitem').filter({ hasText: vin.slice(-4) })
    await line.getByText('Member price. Your Basic discount for this month is used', { exact: false }).waitFor()
    const summary = page.getByRole('region', { name: 'Order summary' })
    expect(await summary.getByText('$55.00').count()).toBeGreaterThan(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
