import {
  PROBLEM_DECLINE_REASON_LABELS,
  PROBLEM_DECLINE_REASONS,
  PROBLEM_REASONS,
  PROBLEM_REPORT_MESSAGES,
} from '@keydesk/contracts/problem-reports'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, guestWithPaidRequest, signInAt } from './members.ts'

/**
 * Docs/decisions/027 in a browser, at a phone's and a desk's width: a guest whose released keycode did not work reports
 * it from the order link, and an admin declines the report with the policy's reason; the guest's link then shows why.
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

/** Starts and releases the guest's order through the API, as an admin would, and reads the order link from the keycode mail. */
async function releasedGuestOrderLink(baseUrl: string, vin: string, email: string): Promise<string> {
  await guestWithPaidRequest(baseUrl, { vin, name: 'Rhea Report', email })
  const headers = await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
  const queue = (await (await fetch(`${baseUrl}/api/admin/pending-requests?limit=100&search=${vin}`, { headers })).json()) as {
    id: string
  }[]
  expect(queue).toHaveLength(1)
  const id = queue[0]?.id ?? ''
  expect((await fetch(`${baseUrl}/api/admin/update-request-status/${id}`, { method: 'POST', headers })).status).toBe(200)
  const released = await fetch(`${baseUrl}/api/admin/process-request`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ vehicleId: id, keycode: 'KC-WRONG-77', identityChecked: true }),
  })
  expect(released.status, await released.clone().text()).toBe(200)
  let guestMails: { subject: string; text: string }[] = []
  for (let attempt = 0; attempt < 150; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { to: string; subject: string; text: string }[]
    // The order's confirmation goes to the same address: each of the guest's mails is looked at, not only the newest.
    guestMails = mails.filter((mail) => mail.to === email)
    const link = guestMails.map((mail) => /(\/order-link#[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]).find(Boolean)
    if (link) return `${baseUrl}${link}`
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no order link reached ${email} in 15 s; their mails: ${JSON.stringify(guestMails.map((mail) => mail.subject))}`)
}

describe('a problem report', () => {
  it.each([390, 1280])('is sent by a guest from the order link and declined by an admin with a reason, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const vin = validVin('1HGCR2F3', 'G', String(388000 + width))
    const email = `rhea.${width}.${Date.now()}@example.com`
    const link = await releasedGuestOrderLink(baseUrl, vin, email)

    const guest = await openPage(width)
    await guest.page.goto(link)
    await guest.page.getByText('KC-WRONG-77').waitFor()
    await guest.page.getByRole('button', { name: 'Report a problem' }).click()
    const dialog = guest.page.getByRole('dialog', { name: /^Report a problem/ })
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await dialog.getByText(PROBLEM_REPORT_MESSAGES.reasonRequired).waitFor()
    await dialog.getByLabel('What went wrong').selectOption({ label: PROBLEM_REASONS.CODE_DID_NOT_WORK })
    await dialog.getByLabel('What happened').fill('The key cut from this code does not turn the ignition.')
    expect(await seriousAccessibilityViolations(guest.page)).toEqual([])
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await guest.page.getByText(PROBLEM_REPORT_MESSAGES.sent).waitFor()
    await guest.page.getByText('Under review').waitFor()
    expect(guest.errors).toEqual([])

    const admin = await openPage(width)
    await signInAt(admin.page, baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await admin.page.waitForURL('**/super-admin')
    await admin.page.goto(`${baseUrl}/admin`)
    await admin.page.getByRole('link', { name: 'Problem reports' }).click()
    await admin.page.waitForURL('**/admin/problem-reports')
    const card = admin.page.getByRole('listitem').filter({ hasText: vin })
    await card.getByText('The key cut from this code does not turn the ignition.').waitFor()
    expect(await card.textContent()).toContain(email)
    await card.getByRole('button', { name: 'Answer' }).click()
    const answer = admin.page.getByRole('dialog', { name: 'Answer the problem report' })
    await answer.getByLabel('Answer').selectOption({ label: 'Decline' })
    await answer.getByRole('button', { name: 'Send answer' }).click()
    await answer.getByText(PROBLEM_REPORT_MESSAGES.declineReasonRequired).waitFor()
    await answer.getByLabel('Why it is declined').selectOption({ label: PROBLEM_DECLINE_REASON_LABELS.USER_ERROR })
    await answer.getByText(`The buyer reads: “${PROBLEM_DECLINE_REASONS.USER_ERROR}”`).waitFor()
    await answer.getByLabel('Note to the buyer').fill('The VIN on the order is for a 2015 Accord, not the Civic.')
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])
    await answer.getByRole('button', { name: 'Send answer' }).click()
    await admin.page.getByText(PROBLEM_REPORT_MESSAGES.declinedAnswer).waitFor()
    await card.waitFor({ state: 'detached' })
    await admin.page.getByRole('tab', { name: /^Declined/ }).click()
    await admin.page
      .getByRole('listitem')
      .filter({ hasText: vin })
      .getByText(/Declined on/)
      .waitFor()
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
    expect(admin.errors).toEqual([])
    await admin.page.close()

    await guest.page.reload()
    await guest.page.getByText(PROBLEM_DECLINE_REASONS.USER_ERROR).waitFor()
    await guest.page.getByText('Note from our team: The VIN on the order is for a 2015 Accord, not the Civic.').waitFor()
    expect(await seriousAccessibilityViolations(guest.page)).toEqual([])
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
    expect(guest.errors).toEqual([])
    await guest.page.close()
  })
})
