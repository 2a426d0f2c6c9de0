import { KEYCODE_REFUND_MESSAGES, NO_KEYCODE_REASON_LABELS, NO_KEYCODE_REASONS } from '@keydesk/contracts/keycode-refunds'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { memberWithPaidRequest, signInAt } from './members.ts'

/**
 * Docs/decisions/026 in a browser, at a phone's and a desk's width: an admin ends a paid order as "No keycode available"
 * from the order's panel, and the member, who has other orders waiting, finds it refunded on the dashboard and in the
 * order history.
 */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  return { page, errors: collectPageErrors(page) }
}

describe('an order that ends without a keycode', () => {
  it.each([390, 1280])('is ended and refunded by an admin, and the member sees it refunded, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const vin = validVin('1HGCR2F3', 'G', String(376000 + width))
    const member = await memberWithPaidRequest(baseUrl, { fname: 'Nora', lname: 'Nocode', vin })
    // A busy locksmith: another order of theirs stays in the queue, untouched by this one's end.
    const otherVin = validVin('1HGCR2F3', 'G', String(377000 + width))
    await memberWithPaidRequest(baseUrl, { fname: 'Nora', lname: 'Nocode', vin: otherVin, account: member })

    const admin = await openPage(width)
    await signInAt(admin.page, baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await admin.page.waitForURL('**/super-admin')
    await admin.page.goto(`${baseUrl}/admin?search=${vin}`)
    const panel = admin.page.getByRole('region', { name: 'Pending requests' }).getByRole('region', { name: /^Details:/ })
    await panel.getByRole('button', { name: 'No keycode available', exact: true }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'End this order as no keycode available?' })
    // Sent without a reason or a note, it says what is missing in words and sends nothing.
    await dialog.getByRole('button', { name: 'End order and refund $60.00' }).click()
    await dialog.getByText(KEYCODE_REFUND_MESSAGES.reasonRequired).waitFor()
    await dialog.getByLabel('Why no keycode is available').selectOption({ label: NO_KEYCODE_REASON_LABELS.NO_CODE_IN_PORTAL })
    await dialog.getByText(`The buyer reads: “${NO_KEYCODE_REASONS.NO_CODE_IN_PORTAL}”`).waitFor()
    await dialog.getByLabel('Note to the buyer').fill('The Honda portal has no record of this VIN.')
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])
    await dialog.getByRole('button', { name: 'End order and refund $60.00' }).click()
    await admin.page.getByText(KEYCODE_REFUND_MESSAGES.issued(6000)).waitFor()
    await admin.page
      .getByRole('region', { name: 'Pending requests' })
      .getByRole('row')
      .filter({ hasText: vin })
      .waitFor({ state: 'detached' })
    expect(admin.errors).toEqual([])
    await admin.page.close()

    const buyer = await openPage(width)
    await signInAt(buyer.page, baseUrl, '/login', member.email, member.password)
    await buyer.page.waitForURL(`${baseUrl}/`)
    await buyer.page.goto(`${baseUrl}/user-dash`)
    await buyer.page.getByRole('tab', { name: /^Refunded/ }).click()
    const card = buyer.page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: vin })
    await card.getByText(/\$60\.00 refunded on/).waitFor()
    expect(await card.textContent()).toContain('Note from our team: The Honda portal has no record of this VIN.')
    expect(await card.getByRole('button', { name: 'Track this order' }).count()).toBe(0)
    await buyer.page.getByRole('tab', { name: /^Pending/ }).click()
    await buyer.page.getByRole('tabpanel').getByText(otherVin).waitFor()
    expect(await seriousAccessibilityViolations(buyer.page)).toEqual([])
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
    expect(buyer.errors).toEqual([])
    await buyer.page.close()
  })
})
