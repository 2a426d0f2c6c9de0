import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** Every public route of docs/product.md, 'Screens and routes (web)', with its heading and one key text. */
const PUBLIC_ROUTES: { path: string; heading: RegExp; text: string }[] = [
  { path: '/', heading: /Vehicle keycodes from the VIN/, text: 'How it works' },
  { path: '/pricing', heading: /Keycode pricing/, text: 'Frequently asked questions' },
  { path: '/membership', heading: /Membership/, text: 'Save 20%' },
  { path: '/subscriptions', heading: /Membership/, text: 'Save 20%' },
  { path: '/subscription', heading: /Membership/, text: 'Save 20%' },
  { path: '/trial-details', heading: /Free premium trial/, text: 'no automatic charge' },
  { path: '/about', heading: /About Keydesk/, text: 'United States and Canada' },
  { path: '/services', heading: /Services/, text: '$0.50 per request' },
  { path: '/privacy-policy', heading: /Privacy Policy/, text: 'Transaction records: 7 years.' },
  { path: '/terms-of-service', heading: /Terms of Usage/, text: 'Prices may change with 30 days notice.' },
  { path: '/tos', heading: /Terms of Service/, text: 'You are 18+' },
  { path: '/refund-policy', heading: /Refund Policy/, text: '10-18 business days in total' },
  { path: '/membership-cancellation', heading: /Membership Cancellation Policy/, text: 'minimum refund of $10' },
  { path: '/requirements', heading: /State requirements/, text: 'North Carolina' },
  { path: '/support', heading: /Support/, text: 'Monday-Friday 9-6 EST' },
  { path: '/vehicle-keycode-request', heading: /Request a keycode/, text: 'Compliance notice' },
]

describe('public pages in a real browser', () => {
  for (const width of [1280, 390]) {
    it(`shows every public route with its heading and key text at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      const errors = collectPageErrors(page)
      for (const route of PUBLIC_ROUTES) {
        await page.goto(`${suiteUrl()}${route.path}`)
        await page.getByRole('heading', { level: 1, name: route.heading }).waitFor()
        await page.getByText(route.text, { exact: false }).first().waitFor()
      }
      expect(errors).toEqual([])
      await page.close()
    })
  }

  it('finds Nissan and a popular model (F-150) in the pricing search', async () => {
    const page = await browser.newPage()
    await page.goto(`${suiteUrl()}/pricing`)
    const search = page.getByLabel('Search')
    await search.fill('nissan')
    await page.getByRole('article', { name: 'Nissan' }).waitFor()
    expect(await page.getByRole('article').count()).toBe(1)
    await search.fill('f-150')
    await page.getByRole('article', { name: 'Ford' }).waitFor()
    expect(await page.getByRole('article').count()).toBe(1)
    await page.close()
  })

  it('sends the contact form and shows the success text', async () => {
    const page = await browser.newPage()
    await page.goto(`${suiteUrl()}/support`)
    await page.getByLabel('Name').fill('Sam Keys')
    await page.getByLabel('Email').fill('sam@example.com')
    await page.getByLabel('Subject').fill('Bulk order')
    await page.getByLabel('Message').fill('We need 150 codes next month.')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByText('Thanks! Your message has been sent.').waitFor()
    await page.close()
  })

  it('opens the mobile menu at 390 px', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${suiteUrl()}/pricing`)
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
    expect(await page.getByRole('banner').getByRole('navigation', { name: 'Legal' }).isVisible()).toBe(true)
    await page.close()
  })

  for (const path of ['/', '/pricing', '/login', '/register']) {
    it(`has no serious or critical accessibility violations on ${path}`, async () => {
      const page = await browser.newPage()
      await page.goto(`${suiteUrl()}${path}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      await page.close()
    })
  }
})
