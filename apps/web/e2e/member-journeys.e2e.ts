import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, guestWithPaidRequest, memberWithPaidRequest, registerMember, signInAt } from './members.ts'

/** Member and guest journeys without friction, at a phone's width and a desktop's. */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const WIDTHS = [390, 1280]

const newPage = (width: number) => browser.newPage({ viewport: { width, height: 844 } })

/** The field labelled `label` is marked invalid and described by a text containing `message`. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true })
  expect(await field.getAttribute('aria-invalid')).toBe('true')
  const description = await field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )
  expect(description).toContain(message)
}

async function signedInMember(page: Page, baseUrl: string, fname: string) {
  const member = await registerMember(baseUrl, { fname, lname: 'Journey' })
  await signInAt(page, baseUrl, '/login', member.email, member.password)
  await page.waitForURL(`${baseUrl}/`)
  return member
}

describe('every page opens at its top', () => {
  it.each(WIDTHS)('a footer link opens the new page at its top with focus on its heading, and Back restores, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const page = await newPage(width)
    const errors = collectPageErrors(page)
    await page.goto(`${baseUrl}/pricing`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.getByRole('article', { name: 'Ford' }).waitFor()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const scrolledTo = await page.evaluate(() => window.scrollY)
    expect(scrolledTo).toBeGreaterThan(0)

    await page.getByRole('contentinfo').getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Support' }).click()
    await page.waitForURL(`${baseUrl}/support`)
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Support')

    await page.goBack()
    await page.waitForURL(`${baseUrl}/pricing`)
    await page.waitForFunction((expected) => Math.abs(window.scrollY - expected) < 5, scrolledTo)
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('request keycode: errors sit on their fields and go with their cause', () => {
  it.each(WIDTHS)('marks each empty field with its own message and focuses Make, at %ipx', async (width) => {
    const page = await newPage(width)
    await page.goto(`${suiteUrl()}/vehicle-keycode-request`)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'make')
    await expectFieldError(page, 'Make', 'Select the make.')
    await expectFieldError(page, 'Model', 'Select the model.')
    await expectFieldError(page, 'Year', 'Select the year.')
    await expectFieldError(page, 'VIN', 'Enter the VIN.')
    await page.close()
  })

  it.each(WIDTHS)("clears the 'does not belong to a Honda' error once the VIN is corrected, at %ipx", async (width) => {
    const page = await newPage(width)
    await page.goto(`${suiteUrl()}/vehicle-keycode-request`)
    await page.getByLabel('Make').selectOption('Honda')
    await page.getByLabel('Model').selectOption('Civic')
    await page.getByLabel('Year').selectOption('2016')
    await page.getByLabel('VIN').fill(validVin('1FADP3F2', 'G', String(390100 + width)))
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    const wrongMake = page.getByText(/does not belong to a Honda/)
    await wrongMake.first().waitFor()

    await page.getByLabel('VIN').fill(validVin('1HGCR2F3', 'G', String(390200 + width)))
    await wrongMake.first().waitFor({ state: 'detached' })
    expect(await page.getByLabel('VIN').getAttribute('aria-invalid')).toBeNull()
    await page.close()
  })

  it.each(WIDTHS)('refuses a PDF renamed .jpg by its first bytes, before any preview, at %ipx', async (width) => {
    const page = await newPage(width)
    await page.goto(`${suiteUrl()}/vehicle-keycode-request`)
    await page.getByLabel('Government photo ID (front) (optional)').setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('%PDF-1.4\n% a document, not a photo\n'),
    })
    await page.getByText('Only image files are allowed.').waitFor()
    expect(await page.getByRole('img', { name: /preview/ }).count()).toBe(0)
    await page.close()
  })
})

describe('sign-up: errors sit on their fields', () => {
  it.each(WIDTHS)('marks each empty field of the sign-up with its own message and focuses First name, at %ipx', async (width) => {
    const page = await newPage(width)
    await page.goto(`${suiteUrl()}/register`)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'fname')
    await expectFieldError(page, 'First name', 'First name is required')
    await expectFieldError(page, 'Email', 'Email is required')
    await expectFieldError(page, 'State or province', 'State is required')
    await expectFieldError(page, 'Government photo ID (front)', 'File is required.')
    await page.close()
  })
})

describe('sign-in with two-factor', () => {
  it.each(WIDTHS)('asks for the code as a calm step with focus in the code field, then signs in, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const member = await registerMember(baseUrl, { fname: 'Tova', lname: 'Factor' })
    const headers = { ...(await apiSignIn(baseUrl, member.email, member.password)), 'content-type': 'application/json' }
    const setup = await fetch(`${baseUrl}/api/user/security/two-factor/setup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ currentPassword: member.password }),
    })
    const { secret } = (await setup.json()) as { secret: string }
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
    const enabled = await fetch(`${baseUrl}/api/user/security/two-factor/enable`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ code: totp.generate() }),
    })
    expect(enabled.status).toBe(200)

    const page = await newPage(width)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    const code = page.getByLabel('Authentication code')
    await code.waitFor()
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'code')
    await page.getByText('Enter the 6-digit code from your authenticator app (or a recovery code).').waitFor()
    expect(await page.getByText(/Login failed/).count()).toBe(0)
    expect(await page.getByRole('alert').count()).toBe(0)

    // The enrolment spent this step's code; the next step's is within the one step of tolerance.
    await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.close()
  })
})

describe("the trial's days agree", () => {
  it.each(WIDTHS)('the banner, the start alert and the profile say 3 days right after the trial starts, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const page = await newPage(width)
    await signedInMember(page, baseUrl, 'Trina')
    await page.goto(`${baseUrl}/membership?trial=start`)
    await page.getByRole('button', { name: 'Start my 3-day free trial' }).click()
    const banner = page.getByRole('region', { name: 'Your free trial' })
    await banner.waitFor()
    expect(await banner.textContent()).toContain('3 days left')
    const alert = page.getByText('Your 3-day free trial has started.')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('3 days left')

    await page.goto(`${baseUrl}/profile`)
    await page.getByRole('tab', { name: 'Subscription' }).click()
    const panel = page.getByRole('tabpanel')
    await panel.getByText('Free trial of Basic').waitFor()
    expect(await panel.textContent()).toContain('3 days left')
    expect(await panel.textContent()).not.toContain('No plan')
    await page.close()
  })
})

describe('the payment success page leads with the order', () => {
  for (const width of WIDTHS) {
    it(`shows a member the confirmation number and each item's real state and due time before the session id, at ${width}px`, async () => {
      const baseUrl = suiteUrl()
      const member = await memberWithPaidRequest(baseUrl, {
        fname: 'Sena',
        lname: 'Success',
        vin: validVin('1HGCR2F3', 'G', String(390500 + width)),
      })
      const page = await newPage(width)
      await signInAt(page, baseUrl, '/login', member.email, member.password)
      await page.waitForURL(`${baseUrl}/`)
      await page.goto(`${baseUrl}/payment-success?session_id=${member.sessionId}`)
      const confirmation = page.getByRole('region', { name: 'Order confirmation' })
      await confirmation.getByText('Paid, waiting for an admin', { exact: true }).waitFor()
      expect(await confirmation.getByText(/^Code due by/).count()).toBe(1)
      const lead = (await confirmation.textContent()) ?? ''
      expect(lead.search(/KD-[A-Z0-9]{10}/)).toBeGreaterThanOrEqual(0)
      expect(lead.search(/KD-[A-Z0-9]{10}/)).toBeLessThan(lead.indexOf('Session ID'))
      expect(await page.getByText('Processed', { exact: true }).count()).toBe(0)
      expect(await page.getByText(/shown in your account/).count()).toBe(1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.close()
    })

    it(`tells a guest which e-mail receives the code and that a secure link comes with it, at ${width}px`, async () => {
      const baseUrl = suiteUrl()
      const email = `guest-success-${width}-${Date.now()}@example.com`
      const { sessionId } = await guestWithPaidRequest(baseUrl, {
        vin: validVin('1HGCR2F3', 'G', String(390600 + width)),
        name: 'Gale Guest',
        email,
      })
      const page = await newPage(width)
      await page.goto(`${baseUrl}/payment-success?session_id=${sessionId}`)
      await page.getByText(`Your keycode will be e-mailed to ${email}, with a secure link to your order.`).waitFor()
      const confirmation = page.getByRole('region', { name: 'Order confirmation' })
      expect(await confirmation.getByText('Paid, waiting for an admin', { exact: true }).count()).toBe(1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.close()
    })
  }
})

describe('member area at a phone width', () => {
  it('keeps the first order above the fold on the dashboard, and the order history inside the screen, at 390px', async () => {
    const baseUrl = suiteUrl()
    const member = await memberWithPaidRequest(baseUrl, { fname: 'Fola', lname: 'Fold', vin: validVin('1HGCR2F3', 'G', '390301') })
    const page = await newPage(390)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    await page.waitForURL(`${baseUrl}/`)
    await page.goto(`${baseUrl}/user-dash`)
    const card = page.getByRole('listitem').filter({ hasText: member.vin })
    await card.waitFor()
    const box = await card.boundingBox()
    // Its first lines (vehicle, state, confirmation) show without scrolling on an 844 px tall phone.
    expect((box?.y ?? Number.POSITIVE_INFINITY) + 120).toBeLessThan(844)

    await page.goto(`${baseUrl}/profile`)
    await page.getByRole('tab', { name: 'Orders' }).click()
    await page.getByRole('table', { name: 'Your orders' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.close()
  })
})

describe('User History at a phone width', () => {
  it("shows a customer's transactions as cards inside the screen, at 390px", async () => {
    const baseUrl = suiteUrl()
    const member = await memberWithPaidRequest(baseUrl, { fname: 'Hugo', lname: 'History', vin: validVin('1HGCR2F3', 'G', '390401') })
    const page = await newPage(390)
    await signInAt(page, baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await page.waitForURL('**/super-admin')
    await page.goto(`${baseUrl}/admin/user-history`)
    await page.getByLabel('Customer e-mail').fill(member.email)
    await page.getByRole('button', { name: 'Fetch history' }).click()
    const row = page.getByRole('row').filter({ hasText: member.vin })
    await row.waitFor()
    expect(await row.textContent()).toContain('Confirmation:')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.close()
  })
})

const PUBLIC_SCREENS = [
  '/',
  '/pricing',
  '/login',
  '/register',
  '/vehicle-keycode-request',
  '/cart',
  '/membership',
  '/support',
  '/privacy-policy',
  '/terms-of-service',
  '/refund-policy',
  '/membership-cancellation',
]
const MEMBER_SCREENS = [
  '/',
  '/pricing',
  '/vehicle-keycode-request',
  '/bulk-order',
  '/cart',
  '/membership',
  '/user-dash',
  '/profile',
  '/support',
  '/refund-policy',
]

describe('no serious or critical accessibility violation', () => {
  it.each(WIDTHS)("on a visitor's screens at %ipx", async (width) => {
    const page = await newPage(width)
    const found: Record<string, unknown> = {}
    for (const path of PUBLIC_SCREENS) {
      await page.goto(`${suiteUrl()}${path}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      const violations = await seriousAccessibilityViolations(page)
      if (violations.length > 0) found[path] = violations
    }
    expect(found).toEqual({})
    await page.close()
  })

  it.each(WIDTHS)("on a member's screens at %ipx", async (width) => {
    const baseUrl = suiteUrl()
    const page = await newPage(width)
    await signedInMember(page, baseUrl, 'Axel')
    const found: Record<string, unknown> = {}
    for (const path of MEMBER_SCREENS) {
      await page.goto(`${baseUrl}${path}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
      const violations = await seriousAccessibilityViolations(page)
      if (violations.length > 0) found[path] = violations
    }
    expect(found).toEqual({})
    await page.close()
  })
})
