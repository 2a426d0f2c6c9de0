import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { planCharge } from '@keydesk/contracts/plan-prices'
import { TEAM_MESSAGES, TEAM_PLAN_TIER } from '@keydesk/contracts/teams'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, MEMBER_PASSWORD, payCart, pngFile, registerMember, signInAt } from './members.ts'

/**
 * An Enterprise team end to end (docs/product.md, 'Enterprise teams'), at a phone's and a desk's width: the owner
 * creates a location and invites a technician on the Team page; the technician opens the mailed link, creates their
 * sign-in with their photo ID, orders and pays at the cart and the sandbox checkout; an admin finds the order at the
 * back office, validates the technician and releases the code; the technician and the owner both read it on the Team
 * page; the owner removes the technician, whose next call is refused with why.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const json = (headers: { cookie: string }) => ({ ...headers, 'content-type': 'application/json' })

/** A signed-up business holding the paid Enterprise plan (bought through the sandbox checkout) and validated by an admin. */
async function enterpriseOwner(baseUrl: string, admin: { cookie: string }) {
  const owner = await registerMember(baseUrl, { fname: 'Olive', lname: 'Owner' })
  const headers = await apiSignIn(baseUrl, owner.email, owner.password)
  const added = await fetch(`${baseUrl}/api/cart/addSubscription`, {
    method: 'POST',
    headers: json(headers),
    body: JSON.stringify({ tier: TEAM_PLAN_TIER, billing: 'MONTHLY' }),
  })
  expect(added.status).toBe(200)
  await payCart(baseUrl, headers, planCharge(TEAM_PLAN_TIER, 'MONTHLY')?.firstChargeCents ?? 0)
  await validate(baseUrl, admin, headers)
  return owner
}

async function validate(baseUrl: string, admin: { cookie: string }, member: { cookie: string }) {
  const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: member })).json()) as { user: { id: string } }
  expect((await fetch(`${baseUrl}/api/admin/validate-user/${me.user.id}`, { method: 'PATCH', headers: admin })).status).toBe(200)
}

/** The technician's keycode request through the order form, the cart and the sandbox's hosted checkout. */
async function orderAndPay(page: Page, baseUrl: string, vin: string) {
  await page.goto(`${baseUrl}/vehicle-keycode-request`)
  await page.getByLabel('Make').selectOption('Honda')
  await page.getByLabel('Model').selectOption('Civic')
  await page.getByLabel('Year').selectOption('2016')
  await page.getByLabel('VIN').fill(vin)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.waitForURL('**/cart')
  await page.getByRole('button', { name: 'Checkout', exact: true }).click()
  await page.getByRole('button', { name: 'Pay securely' }).click()
  await page.waitForURL('**/sandbox-checkout/**')
  await page.getByLabel('Name on card').fill('Tomas Tech')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
  await page.waitForURL('**/payment-success?session_id=*')
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor()
}

/**
 * An admin at the back office, at the same width: the queue searched by the order's VIN (a busy day's pending queue
 * may be long), the order's panel naming the business and location beside the person; the admin starts it, approves
 * the technician's photo ID, validates the account and releases the code.
 */
async function releaseAtBackOffice(page: Page, baseUrl: string, vin: string, keycode: string) {
  await signInAt(page, baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
  await page.waitForURL('**/super-admin')
  await page.goto(`${baseUrl}/admin?${new URLSearchParams({ search: vin })}`)
  const pending = page.getByRole('region', { name: 'Pending requests' })
  const pendingPanel = pending.getByRole('region', { name: /^Details:/ })
  await pendingPanel.getByRole('heading', { level: 3 }).waitFor()
  await pendingPanel.getByText(/^for .+ · Downtown$/).waitFor()
  await expectAccessible(page)
  // S starts the order shown; A approves the documents waiting for review (the technician's own photo ID).
  await page.keyboard.press('s')
  const inProgress = page.getByRole('region', { name: 'In progress' })
  const panel = inProgress.getByRole('region', { name: /^Details:/ })
  const verdict = panel.getByRole('heading', { level: 3 })
  await verdict.waitFor()
  await expect.poll(() => verdict.evaluate((heading) => heading === document.activeElement)).toBe(true)
  await page.keyboard.press('a')
  await expect.poll(() => verdict.textContent()).toMatch(/^Buyer not validated · 2 of 2 documents approved/)
  await panel.getByRole('button', { name: 'Validate account' }).click()
  await expect.poll(() => verdict.textContent()).toMatch(/^Buyer validated · 2 of 2 documents approved/)
  await panel.getByLabel('Keycode').fill(keycode)
  await panel.getByRole('button', { name: 'Submit keycode' }).click()
  await inProgress.getByRole('region', { name: 'Keycode released' }).getByText(`Released ${keycode}`).waitFor()
  await expectAccessible(page)
}

async function invitationLink(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { to: string; text: string }[]
    const link = mails.find((mail) => mail.to === email)?.text.match(/https?:\/\/\S+\/join-team\?token=[\w-]+/)?.[0]
    if (link) return link
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no invitation mail to ${email}`)
}

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([])
}

describe('an Enterprise team', () => {
  for (const [width, serial] of [
    [390, '390471'],
    [1280, '128471'],
  ] as const) {
    it(`at ${width} px: owner invites, technician joins, orders and pays, both see the released code, the owner removes the technician`, async () => {
      const baseUrl = suiteUrl()
      const admin = await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
      const owner = await enterpriseOwner(baseUrl, admin)
      const technicianEmail = `tomas.${width}.${Date.now()}@example.com`
      const vin = validVin('1HGCR2F3', 'G', serial)

      const ownerPage = await browser.newPage({ viewport: { width, height: 900 } })
      const ownerErrors = collectPageErrors(ownerPage)
      await signInAt(ownerPage, baseUrl, '/login', owner.email, owner.password)
      await ownerPage.waitForURL(`${baseUrl}/`)
      await ownerPage.goto(`${baseUrl}/team`)
      await ownerPage.getByRole('heading', { name: 'Locations' }).waitFor()
      await ownerPage.getByLabel('Location name').fill('Downtown')
      await ownerPage.getByLabel('Phone').fill('555-0101')
      await ownerPage.getByLabel('Address').fill('12 Main St')
      await ownerPage.getByLabel('State or province').selectOption('Ohio')
      await ownerPage.getByRole('button', { name: 'Add location' }).click()
      await ownerPage.getByText('Downtown added.').waitFor()
      await ownerPage.getByLabel('E-mail').fill(technicianEmail)
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click()
      await ownerPage.getByText(TEAM_MESSAGES.invited).waitFor()
      await ownerPage
        .getByRole('region', { name: 'Pending invitations' })
        .getByRole('button', { name: `Withdraw the invitation of ${technicianEmail}` })
        .waitFor()
      await expectAccessible(ownerPage)

      const techPage = await browser.newPage({ viewport: { width, height: 900 } })
      const techErrors = collectPageErrors(techPage)
      await techPage.goto(await invitationLink(baseUrl, technicianEmail))
      await techPage.getByText('invites you as technician at Downtown.').waitFor()
      await expectAccessible(techPage)
      await techPage.getByLabel('First name').fill('Tomas')
      await techPage.getByLabel('Last name').fill('Tech')
      await techPage.getByLabel('Phone').fill('555-0102')
      await techPage.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD)
      await techPage.getByLabel('Confirm password').fill(MEMBER_PASSWORD)
      await techPage.getByLabel('State or province').selectOption('Ohio')
      await techPage.getByLabel('Government photo ID (front)').setInputFiles(pngFile('front'))
      await techPage.getByLabel('Government photo ID (back)').setInputFiles(pngFile('back'))
      await techPage.getByRole('button', { name: 'Join the team' }).click()
      await techPage.waitForURL(/\/login/)
      await techPage.getByText(TEAM_MESSAGES.joined).waitFor()

      await signInAt(techPage, baseUrl, '/login', technicianEmail, MEMBER_PASSWORD)
      await techPage.waitForURL(`${baseUrl}/`)
      await orderAndPay(techPage, baseUrl, vin)
      await expectAccessible(techPage)

      const adminPage = await browser.newPage({ viewport: { width, height: 900 } })
      const adminErrors = collectPageErrors(adminPage)
      await releaseAtBackOffice(adminPage, baseUrl, vin, `KT${serial}`)
      expect(adminErrors).toEqual([])
      await adminPage.close()

      await techPage.goto(`${baseUrl}/team`)
      await techPage.getByText(`KT${serial}`).waitFor()
      await expectAccessible(techPage)

      await ownerPage.reload()
      const orders = ownerPage.getByRole('region', { name: /^Orders of / })
      await orders.getByText(`KT${serial}`).waitFor()
      await orders.getByText('Ordered by Tomas Tech for Downtown').waitFor()
      await ownerPage.getByRole('button', { name: 'Remove Tomas Tech' }).click()
      await ownerPage.getByText(TEAM_MESSAGES.personRemoved).waitFor()
      await expectAccessible(ownerPage)

      // The technician's next call is refused: they land on the sign-in page, told why.
      const banner = techPage.getByRole('banner')
      if (width < 768) await banner.getByRole('button', { name: 'Menu' }).click()
      await banner.getByRole('link', { name: 'Profile' }).first().click()
      await techPage.waitForURL(/\/login/)
      await techPage.getByText(SESSION_END_MESSAGES.TEAM_REMOVED).waitFor()
      await expectAccessible(techPage)

      expect(ownerErrors).toEqual([])
      expect(techErrors.filter((error) => !error.includes('401'))).toEqual([])
      await ownerPage.close()
      await techPage.close()
    })
  }
})
