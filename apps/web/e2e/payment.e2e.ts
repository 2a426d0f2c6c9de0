import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

async function openCheckout(page: Page) {
  await page.goto(`${suiteUrl()}/cart`)
  await page.getByRole('button', { name: 'Checkout', exact: true }).click()
  await page.getByRole('button', { name: 'Pay securely' }).click()
  await page.waitForURL('**/sandbox-checkout/**')
  await page.getByText('TEST CHECKOUT').waitFor()
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Name on card').fill('Paula Payer')
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
}

describe('paying for keycodes', () => {
  it('keeps the cart on a declined card and on cancel, then pays with 4242 and sees the order as Pending', async () => {
    const baseUrl = suiteUrl()
    const member = await registerMember(baseUrl, { fname: 'Paula', lname: 'Payer' })
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email', { exact: true }).fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL(`${baseUrl}/`)
    for (const vin of ['1HGCR2F31GA000000', '1HGCR2F35GA000002']) {
      await page.goto(`${baseUrl}/vehicle-keycode-request`)
      await page.getByLabel('Make').selectOption('Honda')
      await page.getByLabel('Model').selectOption('Civic')
      await page.getByLabel('Year').selectOption('2016')
      await page.getByLabel('VIN').fill(vin)
      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await page.waitForURL('**/cart')
    }

    await openCheckout(page)
    expect(await page.getByText('$120.00').count()).toBeGreaterThan(0)
    await payWith(page, '4000 0000 0000 0002')
    await page.getByRole('alert').getByText('Your card was declined.').waitFor()
    await page.getByRole('link', { name: 'Cancel and return to Keydesk' }).click()
    await page.waitForURL('**/payment-cancel')
    await page.getByText(/no charges were made/i).waitFor()
    await page.goto(`${baseUrl}/cart`)
    await page.getByText('VIN ending 0002').waitFor()
    expect(await page.getByText('VIN ending 0000').isVisible()).toBe(true)

    await openCheckout(page)
    await payWith(page, '4242 4242 4242 4242')
    await page.waitForURL('**/payment-success?session_id=*')
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor()
    expect(await page.getByText('$120.00').isVisible()).toBe(true)
    expect(await page.getByText('Honda Civic 2016 keycode').count()).toBe(2)
    // The lead is the confirmation number and the items, each with its real state and deadline; the session id follows.
    const confirmation = page.getByRole('region', { name: 'Order confirmation' })
    expect(await confirmation.getByText('Paid, waiting for an admin', { exact: true }).count()).toBe(2)
    expect(await confirmation.getByText(/^Code due by/).count()).toBe(2)
    const lead = (await confirmation.textContent()) ?? ''
    expect(lead.search(/KD-[A-Z0-9]{10}/)).toBeLessThan(lead.indexOf('Session ID'))
    expect(await page.getByText('Processed', { exact: true }).count()).toBe(0)

    await page.goto(`${baseUrl}/user-dash`)
    await page.getByRole('tab', { name: 'Pending' }).click()
    await page.getByText('VIN ending 0000').or(page.getByText('1HGCR2F31GA000000')).first().waitFor()
    await page.goto(`${baseUrl}/cart`)
    await page.getByText(/empty/i).first().waitFor()
    expect(errors).toEqual([])
  })
})
