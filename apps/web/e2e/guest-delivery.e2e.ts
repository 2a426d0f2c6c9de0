import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { pngFile } from './members.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A VIN of its own per width (Honda 2016, valid check digit), so each order is found among the other journeys' orders. */
const vinAt = (width: number) => validVin('1HGCR2F3', 'G', String(777000 + width))

describe('guest keycode delivery', () => {
  it.each([390, 1280])(
    'a guest orders with the full set of documents and pays with an e-mail address, an admin fulfils with the key type, and the guest reads both in the mailbox and by the link, at %ipx',
    async (width) => {
      const baseUrl = suiteUrl()
      const VIN = vinAt(width)
      const guestEmail = `guest.${width}.${Date.now()}@example.com`
      const guest = await browser.newPage({ viewport: { width, height: 844 } })
      const guestErrors = collectPageErrors(guest)
      await guest.goto(`${baseUrl}/vehicle-keycode-request`)
      await guest.getByLabel('Make').selectOption('Honda')
      await guest.getByLabel('Model').selectOption('Civic')
      await guest.getByLabel('Year').selectOption('2016')
      await guest.getByLabel('VIN').fill(VIN)
      await guest.getByLabel('Government photo ID (front)').setInputFiles(pngFile('front'))
      await guest.getByLabel("Driver's license (front)").setInputFiles(pngFile('licence-front'))
      await guest.getByLabel("Driver's license (back)").setInputFiles(pngFile('licence-back'))
      await guest.getByLabel('Registration, title or insurance').setInputFiles(pngFile('title'))
      await guest.getByLabel('The ownership document is').selectOption('TITLE')
      await guest.getByLabel('Licence plate photo (optional)').setInputFiles(pngFile('plate'))
      expect(await seriousAccessibilityViolations(guest)).toEqual([])
      await guest.getByRole('button', { name: 'Add to Cart' }).click()
      await guest.waitForURL('**/cart')
      await guest.getByRole('button', { name: 'Checkout', exact: true }).click()
      await guest.getByRole('button', { name: 'Pay securely' }).click()
      await guest.waitForURL('**/sandbox-checkout/**')
      await guest.getByLabel('E-mail for your receipt and keycode').fill(guestEmail)
      await guest.getByLabel('Name on card').fill('Gus Guest')
      await guest.getByLabel('Card number').fill('4242 4242 4242 4242')
      await guest.getByLabel('Expiry (MM/YY)').fill('12/39')
      await guest.getByLabel('CVC').fill('123')
      await guest.getByRole('button', { name: /^Pay \$/ }).click()
      await guest.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor()

      const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const adminErrors = collectPageErrors(admin)
      await admin.goto(`${baseUrl}/admin-login`)
      await admin.getByLabel('Email', { exact: true }).fill(DEV_SUPER_ADMIN.email)
      await admin.getByLabel('Password', { exact: true }).fill(DEV_SUPER_ADMIN.password)
      await admin.getByRole('button', { name: 'Admin Login', exact: true }).click()
      await admin.waitForURL('**/super-admin')
      // Searched by the VIN, as an admin finds one order among a busy day's (a 500-vehicle batch may be queued ahead of it).
      await admin.goto(`${baseUrl}/admin?${new URLSearchParams({ search: VIN })}`)
      // The queues are tables: a row opens its details below, where the documents and the keycode form are.
      const pending = admin.getByRole('region', { name: /Pending requests/i })
      const pendingRow = pending.getByRole('row').filter({ hasText: VIN })
      await pendingRow.getByRole('cell').first().click()
      const pendingDetails = pending.getByRole('region', { name: /^Details:/ })
      await pendingDetails.getByText('identity to check against the licence photos').waitFor()
      // The proof of ownership the guest sent, the title named as what the guest said it is (docs/decisions/041).
      await pendingDetails.getByRole('button', { name: /^Show documents/ }).click()
      await pendingDetails.getByRole('button', { name: 'Enlarge Title' }).waitFor()
      expect(await pendingDetails.getByRole('button', { name: 'Enlarge Licence plate photo' }).count()).toBe(1)
      await pendingRow.getByRole('button', { name: /^Start/ }).click()
      const inProgress = admin.getByRole('region', { name: /In progress/i })
      const inProgressRow = inProgress.getByRole('row').filter({ hasText: VIN })
      await inProgressRow.getByRole('cell').first().click()
      const card = inProgress.getByRole('region', { name: /^Details:/ })
      await card.getByLabel('Keycode').fill('KC-GUEST-E2E-4411')
      await card.getByLabel('PIN (optional)').fill('9021')
      await card.getByLabel('Key blank (optional)').fill('HO01-PT')
      await card.getByLabel('Transponder or chip (optional)').fill('ID46')
      await card.getByRole('button', { name: 'Submit keycode' }).click()
      const dialog = admin.getByRole('dialog', { name: 'Before this keycode is released' })
      await dialog.getByLabel('I checked that the licence photos match this request.').check()
      await dialog.getByRole('button', { name: 'Release keycode' }).click()
      await inProgressRow.waitFor({ state: 'detached' })
      expect(adminErrors).toEqual([])

      await guest.goto(`${baseUrl}/dev/mailbox`)
      const mail = guest
        .getByRole('list', { name: 'Mails' })
        .getByRole('button')
        .filter({ hasText: guestEmail })
        .filter({ hasText: 'Your keycode for the 2016 Honda Civic' })
      await mail.waitFor({ timeout: 15_000 })
      await mail.click()
      const html = guest.frameLocator('iframe[title^="HTML of Your keycode"]')
      await html.getByText('KC-GUEST-E2E-4411').waitFor()
      await guest.getByRole('button', { name: 'Plain text' }).click()
      await guest.getByText(/Keycode: KC-GUEST-E2E-4411/).waitFor()
      const link = guest.getByRole('link', { name: /\/order-link#/ })
      expect(await link.getAttribute('href')).toMatch(/\/order-link#[A-Za-z0-9_-]{43}$/)
      await link.click()
      await guest.waitForURL('**/order-link#*')
      await guest.getByRole('heading', { name: 'Your keycode' }).waitFor()
      expect(await guest.getByText('KC-GUEST-E2E-4411').isVisible()).toBe(true)
      expect(await guest.getByText('9021', { exact: true }).isVisible()).toBe(true)
      // The key type reaches the guest with the code.
      expect(await guest.getByText('HO01-PT', { exact: true }).isVisible()).toBe(true)
      expect(await guest.getByText('ID46', { exact: true }).isVisible()).toBe(true)
      expect(await seriousAccessibilityViolations(guest)).toEqual([])
      // The page shows the whole order without sideways scrolling.
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(guestErrors).toEqual([])
    },
  )

  it("fits every HTML mail sent so far, these orders' confirmations and keycodes among them, in a 390 px wide client", async () => {
    const baseUrl = suiteUrl()
    const mails = (await fetch(`${baseUrl}/api/dev/mailbox`).then((answer) => answer.json())) as { subject: string; html: string | null }[]
    const withHtml = mails.filter((entry) => entry.html !== null)
    expect(withHtml.map((entry) => entry.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Keydesk order .* confirmed$/)]))
    const client = await browser.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
    for (const entry of withHtml) {
      await client.setContent(entry.html ?? '')
      expect({ subject: entry.subject, width: await client.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
        subject: entry.subject,
        width: 390,
      })
    }
  })
})
