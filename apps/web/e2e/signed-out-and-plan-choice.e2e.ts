import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { formatDollars } from '@keydesk/contracts/money'
import { planCharge } from '@keydesk/contracts/plan-prices'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { registerMember, signInAt } from './members.ts'

/**
 * Two of the small frictions a member met (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor' and
 * 'Membership'): a device signed out from another one says why on its sign-in page, and a plan chosen while signed out
 * is still chosen after sign-in, up to the checkout dialog that lists what each line charges.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('a member across devices and sign-in', () => {
  it('signs a phone out from the desktop, and the phone says why on its sign-in page', async () => {
    const baseUrl = suiteUrl()
    const member = await registerMember(baseUrl, { fname: 'Petra', lname: 'Phone' })
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const onPhone = await phone.newPage()
    const onDesktop = await desktop.newPage()

    await signInAt(onPhone, baseUrl, '/login', member.email, member.password)
    await onPhone.waitForURL(`${baseUrl}/`)
    await signInAt(onDesktop, baseUrl, '/login', member.email, member.password)
    await onDesktop.waitForURL(`${baseUrl}/`)

    await onDesktop.goto(`${baseUrl}/profile?tab=security`)
    const otherDevice = onDesktop.getByRole('button', { name: /^Sign out .*, signed in / })
    await otherDevice.waitFor()
    expect(await otherDevice.count()).toBe(1)
    await otherDevice.click()
    await onDesktop.getByRole('button', { name: /^Sign out .*, signed in / }).waitFor({ state: 'detached' })

    // The phone's next call is refused; it lands on the sign-in page with the server's reason, not a bare "expired".
    await onPhone.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
    await onPhone.getByRole('banner').getByRole('link', { name: 'Profile' }).first().click()
    await onPhone.waitForURL(/\/login/)
    await onPhone.getByText(SESSION_END_MESSAGES.ENDED_ELSEWHERE).waitFor()
    expect(await seriousAccessibilityViolations(onPhone)).toEqual([])

    // The desktop, which did the signing out, is still signed in.
    await onDesktop.reload()
    await onDesktop.getByRole('banner').getByText('Petra Phone').waitFor()
    await phone.close()
    await desktop.close()
  })

  it.each([390, 1280])(
    'keeps the plan chosen while signed out through sign-in, and lists its charge before paying, at %ipx',
    async (width) => {
      const baseUrl = suiteUrl()
      const member = await registerMember(baseUrl, { fname: 'Olga', lname: 'Plans' })
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      const errors = collectPageErrors(page)

      await page.goto(`${baseUrl}/membership`)
      await page
        .locator('label')
        .filter({ hasText: /^Annual$/ })
        .click()
      await page.getByRole('button', { name: 'Choose Professional' }).click()
      await page.waitForURL(/\/login/)
      await page.getByLabel('Email', { exact: true }).fill(member.email)
      await page.getByLabel('Password', { exact: true }).fill(member.password)
      await page.getByRole('button', { name: 'Login', exact: true }).click()

      // Back on the plans, the choice goes in the cart once and the cart opens.
      await page.waitForURL(`${baseUrl}/cart`)
      const charge = planCharge('PROFESSIONAL', 'ANNUAL')
      if (!charge) throw new Error('Professional has an annual price')
      await page.getByRole('button', { name: 'Checkout' }).click()
      const dialog = page.getByRole('dialog', { name: 'Checkout' })
      const lines = dialog.getByRole('list', { name: 'You are paying for' }).getByRole('listitem')
      expect(await lines.count()).toBe(1)
      expect(await lines.first().textContent()).toContain(formatDollars(charge.firstChargeCents))
      expect(await dialog.getByRole('link', { name: 'Refund Policy' }).isVisible()).toBe(true)
      // The dialog fits the screen it opens on: "Pay securely" is reachable without sideways scrolling.
      const pay = dialog.getByRole('button', { name: 'Pay securely' })
      await pay.scrollIntoViewIfNeeded()
      const box = await pay.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    },
  )
})
