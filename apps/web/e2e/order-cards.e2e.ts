import { formatDollars, toCents } from '@keydesk/contracts/money'
import type { UserRequestsAnswer } from '@keydesk/contracts/vehicle-request'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, memberWithPaidRequest, signInAt } from './members.ts'

/** Orders say where they stand: a request in the cart is not shown as an order; a paid one says what it is. */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('order cards on the member dashboard', () => {
  it.each([390, 1280])('tell a request still in the cart from a paid order, and track only the paid one, at %ipx', async (width) => {
    const baseUrl = suiteUrl()
    const paidVin = validVin('1HGCR2F3', 'G', String(380000 + width))
    const member = await memberWithPaidRequest(baseUrl, { fname: 'Cora', lname: 'Cards', vin: paidVin })
    const headers = await apiSignIn(baseUrl, member.email, member.password)
    const unpaidVin = validVin('1HGCR2F3', 'G', String(381000 + width))
    const request = new FormData()
    for (const [field, value] of Object.entries({ make: 'Honda', model: 'Civic', year: '2016', vin: unpaidVin }))
      request.append(field, value)
    expect((await fetch(`${baseUrl}/api/vehicle/request-keycode-public`, { method: 'POST', body: request, headers })).status).toBe(201)
    const answer = (await (await fetch(`${baseUrl}/api/vehicle/user-requests`, { headers })).json()) as UserRequestsAnswer
    const paid = answer.pendingRequests.find((order) => order.vin === paidVin)
    if (!paid?.confirmationNumber) throw new Error('the paid order has no confirmation number')

    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const errors = collectPageErrors(page)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    await page.waitForURL(`${baseUrl}/`)
    await page.goto(`${baseUrl}/user-dash`)
    const card = (vin: string) => page.getByRole('listitem').filter({ hasText: vin })

    await card(unpaidVin).getByText('In cart: pay to submit').waitFor()
    expect(await card(unpaidVin).getByRole('button', { name: 'Track this order' }).count()).toBe(0)
    expect(await card(unpaidVin).getByText('Confirmation number').count()).toBe(0)

    await card(paidVin).getByText(paid.confirmationNumber).waitFor()
    expect(
      await card(paidVin)
        .getByText(formatDollars(toCents(paid.price)), { exact: true })
        .isVisible(),
    ).toBe(true)
    expect(await card(paidVin).locator('time').getAttribute('datetime')).toBe(paid.dueAt)
    expect(await card(paidVin).getByText('In cart: pay to submit').count()).toBe(0)
    // The unpaid request is the newer one; the tracker still follows the paid order.
    expect(await page.getByText(`Tracking: 2016 Honda Civic (VIN ending ${paidVin.slice(-4)})`).isVisible()).toBe(true)
    await page.getByRole('list', { name: 'Order tracker for this order' }).waitFor()
    // The tracker says whose move it is: the member's four documents wait for the team's review.
    expect(await page.getByText('Nothing for you to do: our team is reviewing your documents.').isVisible()).toBe(true)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await card(unpaidVin).getByRole('link', { name: 'Go to cart' }).click()
    await page.waitForURL(`${baseUrl}/cart`)
    await page.getByText(`VIN ending ${unpaidVin.slice(-4)}`).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })
})
