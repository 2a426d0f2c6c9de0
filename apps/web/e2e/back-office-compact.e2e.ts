import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, guestWithPaidRequest, memberWithPaidRequest, signInAt, startThroughApi } from './members.ts'

/**
 * A real day in the back office, at a phone's width and a desk's: a buyer with five documents (the account's four and
 * a registration photo sent with the order) and an unread chat message. The order panel says its verdict first, its
 * documents open on demand, the keys start, approve and reach the keycode field, and nothing scrolls sideways.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function signedInSuperAdmin(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 900 } })
  const errors = collectPageErrors(page)
  await signInAt(page, suiteUrl(), '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
  await page.waitForURL('**/super-admin')
  return { page, errors }
}

/** Whether the page scrolls sideways: on a phone, nothing should. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

describe('the back office on a phone and a desk', () => {
  it.each([390, 1280])(
    'reads the verdict first, opens the documents, starts, approves all and releases from the keyboard, at %ipx',
    async (width) => {
      const baseUrl = suiteUrl()
      const vin = validVin('1HGCR2F3', 'G', String(376000 + width))
      const member = await memberWithPaidRequest(baseUrl, {
        fname: 'Cora',
        lname: `Compact${width}`,
        vin,
        trialTier: 'BASIC',
        requestPhotos: ['registration'],
      })
      const memberHeaders = await apiSignIn(baseUrl, member.email, member.password)
      const wrote = await fetch(`${baseUrl}/api/chat/send`, {
        method: 'POST',
        headers: { ...memberHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Is my Civic code ready?' }),
      })
      expect(wrote.status).toBe(201)
      const { page, errors } = await signedInSuperAdmin(width)

      await page.goto(`${baseUrl}/admin?search=${vin}`)
      const chat = page.getByRole('region', { name: 'Live chat with members' })
      await chat
        .getByRole('button', { name: new RegExp(`Cora Compact${width}`) })
        .getByText('unread')
        .waitFor()
      const pending = page.getByRole('region', { name: 'Pending requests' })
      const pendingPanel = pending.getByRole('region', { name: /^Details:/ })
      // The verdict is the panel's first line, before the vehicle, the buyer and the documents.
      const verdict = pendingPanel.getByRole('heading', { level: 3 })
      expect(await verdict.textContent()).toMatch(/^Buyer not validated · 0 of 4 documents approved · /)
      expect(await pendingPanel.evaluate((panel) => panel.querySelector('h3') === panel.querySelector('*:not(div)'))).toBe(true)
      expect(await pendingPanel.getByRole('list', { name: 'Documents on file' }).count()).toBe(0)
      await pendingPanel.getByRole('button', { name: 'Show documents (5)' }).click()
      await pendingPanel.getByRole('button', { name: 'Approve Certificate of insurance' }).waitFor()
      expect(await pendingPanel.getByRole('button', { name: /^Enlarge / }).count()).toBe(5)
      expect(await pendingPanel.getByRole('region', { name: 'Shortcuts' }).textContent()).toContain('start this order')
      expect(await scrollsSideways(page)).toBe(false)
      expect(await seriousAccessibilityViolations(page)).toEqual([])

      // S: the order moves to In progress, and focus lands on its verdict there.
      await page.keyboard.press('s')
      const inProgress = page.getByRole('region', { name: 'In progress' })
      const panel = inProgress.getByRole('region', { name: /^Details:/ })
      const panelVerdict = panel.getByRole('heading', { level: 3 })
      await panelVerdict.waitFor()
      await expect.poll(() => panelVerdict.evaluate((heading) => heading === document.activeElement)).toBe(true)

      // A: every document waiting for review is approved, and the verdict says so.
      await page.keyboard.press('a')
      await expect.poll(() => panelVerdict.textContent()).toBe('Buyer not validated · 4 of 4 documents approved')
      await panel.getByRole('button', { name: 'Validate account' }).click()
      await expect.poll(() => panelVerdict.textContent()).toBe('Buyer validated · 4 of 4 documents approved')
      expect(await scrollsSideways(page)).toBe(false)
      expect(await seriousAccessibilityViolations(page)).toEqual([])

      // K: the keycode field, with the release right under it.
      await page.keyboard.press('k')
      const keycode = panel.getByLabel('Keycode')
      await expect.poll(() => keycode.evaluate((field) => field === document.activeElement)).toBe(true)
      await page.keyboard.type('K4512')
      expect(await keycode.inputValue()).toBe('K4512')
      await page.keyboard.press('Enter')
      const released = inProgress.getByRole('region', { name: 'Keycode released' })
      expect(await released.getByRole('status').textContent()).toMatch(
        new RegExp(`^Released K4512 for KD-\\w+: mail queued to ${member.email}$`),
      )
      await expect.poll(() => released.evaluate((region) => region === document.activeElement)).toBe(true)
      expect(await scrollsSideways(page)).toBe(false)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    },
  )

  it.each([390, 1280])(
    "lets the guest release gate's checkbox be ticked and released on the screen it opens on, at %ipx",
    async (width) => {
      const baseUrl = suiteUrl()
      const vin = validVin('1HGCR2F3', 'G', String(378000 + width))
      await guestWithPaidRequest(baseUrl, { vin, name: 'Gil Guest', email: `gil.${width}.${Date.now()}@example.com` })
      await startThroughApi(baseUrl, vin, await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password))
      const { page, errors } = await signedInSuperAdmin(width)
      await page.goto(`${baseUrl}/admin?search=${vin}`)
      const inProgress = page.getByRole('region', { name: 'In progress' })
      const panel = inProgress.getByRole('region', { name: /^Details:/ })
      expect(await panel.getByRole('heading', { level: 3 }).textContent()).toMatch(/^Guest · /)
      await panel.getByLabel('Keycode').fill('K7002')
      await panel.getByRole('button', { name: 'Submit keycode' }).click()
      const dialog = page.getByRole('dialog', { name: 'Before this keycode is released' })
      const checkbox = dialog.getByLabel('I checked that the licence photos match this request.')
      await checkbox.scrollIntoViewIfNeeded()
      const box = await checkbox.boundingBox()
      expect(box && box.y >= 0 && box.y + box.height <= (page.viewportSize()?.height ?? 0)).toBe(true)
      await checkbox.check()
      expect(await scrollsSideways(page)).toBe(false)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Release keycode' }).click()
      await inProgress.getByRole('region', { name: 'Keycode released' }).waitFor()
      expect(errors).toEqual([])
      await page.close()
    },
  )
})
