import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, guestWithPaidRequest, MEMBER_PASSWORD, memberWithPaidRequest, signInAt } from './members.ts'

/** The order panel does the whole job, and the action log reads as sentences, at a phone's and a desk's width. */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const MEMBER_DOCUMENTS = ['Government photo ID (front)', 'Government photo ID (back)', 'Business document', 'Certificate of insurance']

/** Starts the paid request with this VIN through the API, as another admin would have. */
async function startThroughApi(baseUrl: string, vin: string) {
  const headers = await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
  const queue = (await (await fetch(`${baseUrl}/api/admin/pending-requests?limit=100&search=${vin}`, { headers })).json()) as {
    id: string
  }[]
  expect(queue).toHaveLength(1)
  expect((await fetch(`${baseUrl}/api/admin/update-request-status/${queue[0]?.id}`, { method: 'POST', headers })).status).toBe(200)
}

async function signedInSuperAdmin(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  const errors = collectPageErrors(page)
  await signInAt(page, suiteUrl(), '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
  await page.waitForURL('**/super-admin')
  return { page, errors }
}

/** An approved admin made through the API: a registration code read from the development mailbox, sign-up, approval. */
async function approvedAdmin(baseUrl: string, fname: string): Promise<string> {
  const email = `${fname.toLowerCase()}.${Date.now()}@example.com`
  const requested = await fetch(`${baseUrl}/api/admin-registration-code/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, firstName: fname, lastName: 'Admin' }),
  })
  expect(requested.status).toBe(200)
  let code: string | undefined
  for (let attempt = 0; attempt < 100 && !code; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { to: string; text: string }[]
    code = /registration code is: (\w+)/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[1]
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const form = new FormData()
  const fields = { fname, lname: 'Admin', email, phone: '555-0101', company: 'Keys Inc', password: MEMBER_PASSWORD, adminCode: code ?? '' }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  expect((await fetch(`${baseUrl}/api/auth/admin-register`, { method: 'POST', body: form })).status).toBe(201)
  const headers = await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
  const pending = (await (await fetch(`${baseUrl}/api/admin-approval/pending`, { headers })).json()) as { id: string; email: string }[]
  const approve = await fetch(`${baseUrl}/api/admin-approval/approve`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ adminId: pending.find((admin) => admin.email === email)?.id }),
  })
  expect(approve.status).toBe(200)
  return email
}

describe('the order panel and the action log', () => {
  it.each([390, 1280])(
    'a super admin revokes an admin with a reason and finds it in the revoked list and the log, at %ipx',
    async (width) => {
      const baseUrl = suiteUrl()
      const fname = `Rex${width}`
      const email = await approvedAdmin(baseUrl, fname)
      const { page, errors } = await signedInSuperAdmin(width)
      await page.getByRole('button', { name: `Revoke ${fname} Admin` }).click()
      const dialog = page.getByRole('dialog', { name: 'Revoke admin access' })
      await dialog.getByLabel('Reason for revoking').fill('Shared the portal password')
      await dialog.getByRole('button', { name: 'Revoke access' }).click()
      const decided = page.getByRole('region', { name: 'Rejected and revoked admins' })
      await decided.getByText(`${fname} Admin · ${email}`).waitFor()
      const row = decided.getByRole('listitem').filter({ hasText: email })
      expect(await row.textContent()).toContain('Reason: Shared the portal password')

      await page.goto(`${baseUrl}/super-admin/action-log`)
      await page.getByLabel('Kind').selectOption('ADMIN_REVOKED')
      await page.getByRole('button', { name: 'Apply filters' }).click()
      const entry = page.getByRole('listitem').filter({ hasText: `revoked the admin ${fname} Admin (${email})` })
      await entry.waitFor()
      expect(await entry.textContent()).toContain('notes: Revoked by super admin: Shared the portal password')
      expect(errors).toEqual([])
      await page.close()
    },
  )

  it.each([390, 1280])(
    "validates a member's four documents and the account in the order's panel, releases with a confirmation, and logs one readable release, at %ipx",
    async (width) => {
      const baseUrl = suiteUrl()
      const vin = validVin('1HGCR2F3', 'G', String(370000 + width))
      const member = await memberWithPaidRequest(baseUrl, { fname: 'Vera', lname: 'Valid', vin })
      await startThroughApi(baseUrl, vin)
      const { page, errors } = await signedInSuperAdmin(width)

      // The action log links an order here by its search; the order's panel is the only one in progress.
      await page.goto(`${baseUrl}/admin?search=${vin}`)
      const inProgress = page.getByRole('region', { name: 'In progress' })
      const panel = inProgress.getByRole('region', { name: /^Details:/ })
      await panel.getByText('Account not validated').waitFor()
      await panel.getByText('Account active').waitFor()
      // The documents stay collapsed until opened, below the verdict and the keycode field.
      await panel.getByRole('button', { name: /^Show documents/ }).click()
      for (const document of MEMBER_DOCUMENTS) {
        await panel.getByRole('button', { name: `Approve ${document}` }).click()
        await panel.getByRole('button', { name: `Change review of ${document}` }).waitFor()
      }
      expect(await panel.getByRole('button', { name: /^Enlarge / }).count()).toBe(4)
      await panel.getByRole('button', { name: 'Validate account' }).click()
      await panel.getByText('Account validated').waitFor()
      expect(await seriousAccessibilityViolations(page)).toEqual([])

      await panel.getByLabel('Keycode').fill('K4512')
      await panel.getByRole('button', { name: 'Submit keycode' }).click()
      const released = inProgress.getByRole('region', { name: 'Keycode released' })
      const confirmation = await released.getByRole('status').textContent()
      const order = /^Released K4512 for (KD-\w+): mail queued to (.+)$/.exec(confirmation ?? '')
      expect(order?.[2]).toBe(member.email)
      // The released order stays in view, and no other order's form opens until the admin moves on.
      await inProgress.getByRole('row').filter({ hasText: vin }).waitFor({ state: 'detached' })
      expect(await released.getByText(vin).isVisible()).toBe(true)
      expect(await page.getByText('Status updated to In Progress').count()).toBe(0)
      await page.keyboard.press('n')
      await released.waitFor({ state: 'detached' })

      await page.goto(`${baseUrl}/super-admin/action-log`)
      await page.getByLabel('Kind').selectOption('KEYCODE_RELEASED')
      await page.getByRole('button', { name: 'Apply filters' }).click()
      const entries = page.getByRole('listitem').filter({ hasText: `released the keycode of ${order?.[1]}` })
      await entries.first().waitFor()
      expect(await entries.count()).toBe(1)
      expect(await entries.first().textContent()).toContain(`(2016 Honda Civic, VIN ...${vin.slice(-4)}) in the account and by mail`)
      expect(
        await entries
          .first()
          .getByRole('link', { name: `Open order ${order?.[1]}` })
          .getAttribute('href'),
      ).toBe(`/admin?search=${order?.[1]}`)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    },
  )

  it.each([390, 1280])("shows the licence photos and the name typed at checkout in the guest's identity check, at %ipx", async (width) => {
    const baseUrl = suiteUrl()
    const vin = validVin('1HGCR2F3', 'G', String(372000 + width))
    const email = `gale.${width}.${Date.now()}@example.com`
    await guestWithPaidRequest(baseUrl, { vin, name: 'Gale Guest', email })
    await startThroughApi(baseUrl, vin)
    const { page, errors } = await signedInSuperAdmin(width)
    await page.goto(`${baseUrl}/admin?search=${vin}`)
    const panel = page.getByRole('region', { name: 'In progress' }).getByRole('region', { name: /^Details:/ })
    await panel.getByLabel('Keycode').fill('K7001')
    await panel.getByRole('button', { name: 'Submit keycode' }).click()
    const dialog = page.getByRole('dialog', { name: 'Before this keycode is released' })
    await dialog.getByText('Gale Guest').waitFor()
    expect(await dialog.getByText(email).isVisible()).toBe(true)
    for (const side of ["Driver's license (front)", "Driver's license (back)"])
      expect(await dialog.getByRole('img', { name: side }).isVisible()).toBe(true)
    const zoom = dialog.getByRole('button', { name: "Zoom Driver's license (front)" })
    await zoom.click()
    expect(await zoom.getAttribute('aria-pressed')).toBe('true')
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(errors).toEqual([])
    await page.close()
  })

  it.each([390, 1280])('leaves no serious or critical axe finding on the back-office screens, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const member = await memberWithPaidRequest(baseUrl, {
      fname: 'Axel',
      lname: 'Audit',
      vin: validVin('1HGCR2F3', 'G', String(374000 + width)),
    })
    const { page, errors } = await signedInSuperAdmin(width)
    const findings: Record<string, unknown[]> = {}
    const audit = async (name: string) => {
      findings[name] = await seriousAccessibilityViolations(page)
    }

    await page.goto(`${baseUrl}/admin`)
    await page.getByRole('region', { name: 'Pending requests' }).getByRole('table').waitFor()
    await audit('queue')

    await page.goto(`${baseUrl}/admin/registered-users?search=${encodeURIComponent(member.email)}`)
    await page.getByRole('button', { name: /Axel Audit/ }).click()
    await page.getByRole('region', { name: 'User details' }).waitFor()
    await audit('registered users')

    await page.goto(`${baseUrl}/admin/document-validation?search=${encodeURIComponent(member.email)}`)
    await page.getByRole('button', { name: /Axel Audit/ }).click()
    await page.getByRole('button', { name: 'Approve Certificate of insurance' }).waitFor()
    await audit('document validation')

    await page.goto(`${baseUrl}/admin/user-history`)
    await page.getByLabel('Customer e-mail').fill(member.email)
    await page.getByRole('button', { name: 'Fetch history' }).click()
    await page.getByText('1HGCR2F3', { exact: false }).first().waitFor()
    await audit('user history')

    await page.goto(`${baseUrl}/keycodes`)
    await page.getByRole('article', { name: 'Ford' }).waitFor()
    await audit('portals')

    await page.goto(`${baseUrl}/super-admin`)
    await page.getByRole('heading', { name: 'Recent actions' }).waitFor()
    await audit('super admin')

    await page.goto(`${baseUrl}/super-admin/action-log`)
    await page.getByRole('form', { name: 'Filter the action log' }).waitFor()
    await page.getByRole('listitem').first().waitFor()
    await audit('action log')

    expect(findings).toEqual({
      queue: [],
      'registered users': [],
      'document validation': [],
      'user history': [],
      portals: [],
      'super admin': [],
      'action log': [],
    })
    expect(errors).toEqual([])
    await page.close()
  })
})
