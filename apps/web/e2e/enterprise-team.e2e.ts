import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { cartTotalCents, unitPrice } from '@keydesk/contracts/cart-total'
import { toCents } from '@keydesk/contracts/money'
import { planCharge } from '@keydesk/contracts/plan-prices'
import { TEAM_MESSAGES, TEAM_PLAN_TIER } from '@keydesk/contracts/teams'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { apiSignIn, MEMBER_PASSWORD, payCart, pngFile, registerMember, signInAt } from './members.ts'

/**
 * An Enterprise team end to end (docs/product.md, 'Enterprise teams'), at a phone's and a desk's width: the owner
 * creates a location and invites a technician on the Team page; the technician opens the mailed link, creates their
 * sign-in with their photo ID, orders and pays (through the API, as the ordering journeys do); an admin releases the
 * code; the technician and the owner both read it on the Team page; the owner removes the technician, whose next call
 * is refused with why.
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

/** The technician's keycode request, paid at the total the cart's own lines give on the business's plan. */
async function orderAndPay(baseUrl: string, headers: { cookie: string }, vin: string) {
  const order = new FormData()
  for (const [field, value] of Object.entries({ make: 'Honda', model: 'Civic', year: '2016', vin })) order.append(field, value)
  expect((await fetch(`${baseUrl}/api/vehicle/request-keycode-public`, { method: 'POST', body: order, headers })).status).toBe(201)
  const items = (await (await fetch(`${baseUrl}/api/cart/items`, { headers })).json()) as {
    kind: 'KEYCODE'
    finalPrice: number
    discountPercent: number
  }[]
  const { totalCents } = cartTotalCents(
    items.map((item) => ({ kind: item.kind, cents: toCents(unitPrice(item)), discountPercent: item.discountPercent })),
    TEAM_PLAN_TIER,
  )
  await payCart(baseUrl, headers, totalCents)
}

/** Starts and releases the one paid request with this VIN, as an admin at the queue would. */
async function release(baseUrl: string, admin: { cookie: string }, vin: string, keycode: string) {
  const queue = (await (await fetch(`${baseUrl}/api/admin/pending-requests?limit=100&search=${vin}`, { headers: admin })).json()) as {
    id: string
  }[]
  expect(queue).toHaveLength(1)
  const id = queue[0]?.id ?? ''
  expect((await fetch(`${baseUrl}/api/admin/update-request-status/${id}`, { method: 'POST', headers: admin })).status).toBe(200)
  const released = await fetch(`${baseUrl}/api/admin/process-request`, {
    method: 'POST',
    headers: json(admin),
    body: JSON.stringify({ vehicleId: id, keycode, pincode: '' }),
  })
  expect(released.status, await released.clone().text()).toBe(200)
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
      const baseUrl = inject('baseUrl')
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

      const techHeaders = await apiSignIn(baseUrl, technicianEmail, MEMBER_PASSWORD)
      await validate(baseUrl, admin, techHeaders)
      await orderAndPay(baseUrl, techHeaders, vin)
      await release(baseUrl, admin, vin, `KT${serial}`)

      await signInAt(techPage, baseUrl, '/login', technicianEmail, MEMBER_PASSWORD)
      await techPage.waitForURL(`${baseUrl}/`)
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
