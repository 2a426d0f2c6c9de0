import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { pngImage } from '../../api/src/test/images.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { type ServerProcess, startServer } from '../../api/src/test/server-process.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { apiSignIn, memberWithPaidRequest, signInAt } from './members.ts'

/**
 * Decision 016 in a browser: the SLA queue, the dashboard search, a registered user's ID image, a member's
 * search across tabs, and the admin dashboard at 1280 and 390 px with no horizontal overflow and no overlapping controls.
 */
let server: ServerProcess
let dataDir: string
let browser: Browser
let shotsDir: string
// A real 16 x 16 PNG, so the enlarged ID image has a size to check.
let png: Buffer
const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-sla-'))
  shotsDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-sla-shots-'))
  server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' }, 60_000)
  browser = await launchBrowser()
  png = await pngImage(16, 16)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await rm(dataDir, { recursive: true, force: true })
  await rm(shotsDir, { recursive: true, force: true })
})

/**
 * What a screenshot would show as broken, measured: the page wider than the window, and visible controls (links,
 * buttons, fields, tabs) whose boxes cover each other by more than a sliver.
 */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > window.innerWidth + 1) problems.push(`page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`)
    const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="tab"]')].filter(
      (element) => {
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !element.closest('dialog:not([open])')
      },
    )
    const describe = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i] as HTMLElement
        const b = controls[j] as HTMLElement
        if (a.contains(b) || b.contains(a)) continue
        const boxA = a.getBoundingClientRect()
        const boxB = b.getBoundingClientRect()
        const width = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left)
        const height = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top)
        if (width > 2 && height > 2) problems.push(`${describe(a)} overlaps ${describe(b)}`)
      }
    }
    return problems
  })
}

describe('the SLA queue and the back office', () => {
  let trialMember: { email: string; password: string; vin: string }
  let plainMember: { email: string; password: string; vin: string }

  beforeAll(async () => {
    // Paid first, promised 48 hours; then a trial member, promised 1 hour.
    plainMember = await memberWithPaidRequest(server.baseUrl, {
      fname: 'Pablo',
      lname: 'Plain',
      vin: validVin('1HGCR2F3', 'G', '210001'),
      image: png,
    })
    trialMember = await memberWithPaidRequest(server.baseUrl, {
      fname: 'Tara',
      lname: 'Trial',
      vin: validVin('1HGCR2F3', 'G', '210002'),
      trialTier: 'PROFESSIONAL',
      image: png,
    })
  }, 60_000)

  it('shows the overdue request on top and in red, finds a request by the buyer e-mail, and lays out at 1280 and 390 px', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    await signInAt(page, server.baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await page.waitForURL('**/super-admin')
    // Two hours later in the browser: the trial member's 1-hour promise has passed, the other has 46 hours left.
    await page.clock.setFixedTime(new Date(Date.now() + 2 * HOUR))
    await page.goto(`${server.baseUrl}/admin`)
    const pending = page.getByRole('table', { name: 'Pending requests' })
    const firstRow = pending.getByRole('row').nth(1)
    await expect.poll(() => firstRow.textContent()).toContain(trialMember.vin)
    const late = firstRow.getByText(/Overdue by/)
    expect(await late.getAttribute('data-urgency')).toBe('overdue')
    expect(await late.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(
      /^(rgb\(25[0-5], 2[0-3]\d, 2[0-3]\d\)|oklch\(0\.9\d* 0\.0[0-9]+ 17)/,
    )
    expect(await firstRow.textContent()).toContain('Free trial')
    expect(await pending.getByRole('row').nth(2).textContent()).toContain(plainMember.vin)

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: path.join(shotsDir, `admin-dashboard-${width}.png`), fullPage: true })
      expect(await layoutProblems(page), `admin dashboard at ${width}px`).toEqual([])
    }
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByLabel('Search by VIN, confirmation number, e-mail, name or batch').fill(plainMember.email.toUpperCase())
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => pending.getByRole('row').count()).toBe(2)
    expect(await pending.getByRole('row').nth(1).textContent()).toContain(plainMember.vin)
    expect(await page.getByRole('region', { name: 'Transactions' }).getByText(plainMember.vin).count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it("opens a registered user's ID image from the Registered Users search", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    await signInAt(page, server.baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await page.waitForURL('**/super-admin')
    await page.goto(`${server.baseUrl}/admin/registered-users`)
    await page.getByLabel('Search by name, e-mail, phone or company').fill('tara trial')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('button', { name: /Tara Trial/ }).click()
    await page.getByRole('button', { name: 'Enlarge Government photo ID (front)' }).click()
    const image = page
      .getByRole('dialog', { name: 'Government photo ID (front)' })
      .getByRole('img', { name: 'Government photo ID (front)' })
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(16)
    expect(errors).toEqual([])
    await page.close()
  })

  it("finds a member's order in another tab, and the chat button covers no tab at 390 px", async () => {
    const admin = await apiSignIn(server.baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    const queue = (await (
      await fetch(`${server.baseUrl}/api/admin/pending-requests?search=${trialMember.vin}`, { headers: admin })
    ).json()) as {
      id: string
    }[]
    expect(
      (await fetch(`${server.baseUrl}/api/admin/update-request-status/${queue[0]?.id}`, { method: 'POST', headers: admin })).status,
    ).toBe(200)

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const errors = collectPageErrors(page)
    await signInAt(page, server.baseUrl, '/login', trialMember.email, trialMember.password)
    await page.waitForURL(`${server.baseUrl}/`)
    await page.goto(`${server.baseUrl}/user-dash`)
    expect(await page.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true')
    await page.getByLabel('Search by VIN, model or make').fill(trialMember.vin.slice(-6))
    const inProgressTab = page.getByRole('tab', { name: 'In Progress (1)' })
    await expect.poll(() => inProgressTab.getAttribute('aria-selected')).toBe('true')
    await page.getByRole('tabpanel').getByText(trialMember.vin).waitFor()

    // The tabs at the bottom of the screen, where the floating chat sits.
    await page.getByRole('tablist', { name: 'Orders by status' }).evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await page.screenshot({ path: path.join(shotsDir, 'member-dashboard-390.png') })
    expect(await layoutProblems(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
