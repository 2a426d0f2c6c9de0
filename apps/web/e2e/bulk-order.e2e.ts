import { BULK_MESSAGES, batchOutcomeText, batchProgressText } from '@keydesk/contracts/bulk'
import { ORDER_TAB_LIMIT } from '@keydesk/contracts/limits'
import { formatDollars } from '@keydesk/contracts/money'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { validVin } from '../../api/src/test/requests.ts'
import { seriousAccessibilityViolations } from './axe.ts'
import { downloadedText, launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { apiSignIn, registerMember, signInAt, startTrial } from './members.ts'

/** A Professional member's batch from the paste to the downloaded codes, with an admin releasing two of them at the back office's queues, narrowed to the batch by its label. */
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const BATCH_SIZE = 20
const TYPO_ROW = 7

/** A 2016 Honda Civic VIN with its check digit. */
const hondaVin = (index: number) => validVin('1HGCR2F3', 'G', String(560000 + index))

/** The VIN with one serial character mistyped, so its check digit no longer matches. */
const mistyped = (vin: string) => `${vin.slice(0, 16)}${vin.endsWith('9') ? '8' : '9'}`

/**
 * At the back office's queues, already narrowed to the batch: starts the pending request with this VIN and releases
 * `keycode` for it, then moves on from the release's confirmation.
 */
async function releaseAtBackOffice(adminPage: Page, vin: string, keycode: string) {
  const pending = adminPage.getByRole('region', { name: /Pending requests/i })
  await pending.getByRole('row').filter({ hasText: vin }).getByRole('button', { name: 'Start' }).click()
  const inProgress = adminPage.getByRole('region', { name: /In progress/i })
  await inProgress.getByRole('row').filter({ hasText: vin }).click()
  const detail = inProgress.getByRole('region', { name: /^Details:/ })
  await detail.getByLabel('Keycode').fill(keycode)
  await detail.getByRole('button', { name: /Submit/ }).click()
  await inProgress.getByRole('row').filter({ hasText: vin }).waitFor({ state: 'detached' })
  await inProgress.getByRole('button', { name: /^Next order/ }).click()
}

async function payInSandbox(page: Page) {
  await page.getByRole('button', { name: 'Checkout', exact: true }).click()
  await page.getByRole('button', { name: 'Pay securely' }).click()
  await page.waitForURL('**/sandbox-checkout/**')
  await page.getByLabel('Name on card').fill('Bea Bulk')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay \$/ }).click()
  await page.waitForURL('**/payment-success?session_id=*')
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor()
}

/**
 * The back office's side of a paid batch, through the API (the queues' screens are the first journey's): the member's
 * account validated, as the release gate wants, and the batch's orders the dashboard lists, to release.
 */
async function validatedBatchOrders(baseUrl: string, memberHeaders: { cookie: string }, code: string) {
  const admin = await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
  const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: memberHeaders })).json()) as { user: { id: string } }
  expect((await fetch(`${baseUrl}/api/admin/validate-user/${me.user.id}`, { method: 'PATCH', headers: admin })).status).toBe(200)
  const orders = (await (await fetch(`${baseUrl}/api/vehicle/user-requests`, { headers: memberHeaders })).json()) as {
    pendingRequests: { id: string; batch: { code: string } | null }[]
  }
  return { admin, batchOrders: orders.pendingRequests.filter((order) => order.batch?.code === code) }
}

/** Starts and releases one order through the API, as an admin at the queue would. */
async function releaseThroughApi(baseUrl: string, admin: { cookie: string }, requestId: string, keycode: string) {
  expect((await fetch(`${baseUrl}/api/admin/update-request-status/${requestId}`, { method: 'POST', headers: admin })).status).toBe(200)
  const released = await fetch(`${baseUrl}/api/admin/process-request`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ vehicleId: requestId, keycode, pincode: '' }),
  })
  expect(released.status).toBe(200)
}

describe('bulk ordering, end to end', () => {
  it('a Professional member pastes 20 vehicles, fixes a mistyped VIN in the table, adds and pays the batch, and downloads the two codes an admin released', async () => {
    const baseUrl = suiteUrl()
    const member = await registerMember(baseUrl, { fname: 'Bea', lname: 'Bulk' })
    const memberHeaders = await apiSignIn(baseUrl, member.email, member.password)
    await startTrial(baseUrl, memberHeaders, 'PROFESSIONAL')
    const vins = Array.from({ length: BATCH_SIZE }, (_, index) => hondaVin(index + 1))
    const typo = mistyped(vins[TYPO_ROW - 1] ?? '')
    const csv = ['VIN,Model', ...vins.map((vin, index) => `${index === TYPO_ROW - 1 ? typo : vin},Civic`)].join('\n')

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bulk order' }).click()
    await page.waitForURL(`${baseUrl}/bulk-order`)
    await page.getByLabel('Paste VINs').fill(csv)
    await page.getByRole('button', { name: 'Check', exact: true }).click()

    const typoField = page.getByLabel(`VIN, row ${TYPO_ROW}`, { exact: true })
    await page.getByLabel(`VIN, row ${BATCH_SIZE}`, { exact: true }).waitFor()
    expect(await typoField.inputValue()).toBe(typo)
    expect(await typoField.getAttribute('aria-invalid')).toBe('true')
    await page.getByText(BULK_MESSAGES.fixRows(1)).waitFor()
    const add = page.getByRole('button', { name: `Add ${BATCH_SIZE} to cart` })
    expect(await add.isDisabled()).toBe(true)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // The row keeps the file's model while its VIN cannot be read, so fixing the VIN is all it takes.
    await typoField.fill(vins[TYPO_ROW - 1] ?? '')
    await expect.poll(() => add.isEnabled()).toBe(true)
    expect(await page.getByLabel(`Model, row ${TYPO_ROW}`, { exact: true }).inputValue()).toBe('Civic')
    expect(await typoField.getAttribute('aria-invalid')).toBeNull()
    await add.click()
    const added = page.getByText(new RegExp(`^${BATCH_SIZE} keycode requests of batch (B-\\w{6}) added to your cart\\.$`))
    await added.waitFor()
    const code = /batch (B-\w{6})/.exec((await added.textContent()) ?? '')?.[1]

    await page.getByRole('link', { name: 'Go to your cart' }).click()
    await page.waitForURL(`${baseUrl}/cart`)
    await page.getByText(`1 of ${BATCH_SIZE}, batch ${code}`, { exact: true }).waitFor()
    expect(await page.getByText(new RegExp(`^\\d+ of ${BATCH_SIZE}, batch ${code}$`)).count()).toBe(BATCH_SIZE)
    await payInSandbox(page)

    const admin = await apiSignIn(baseUrl, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: memberHeaders })).json()) as { user: { id: string } }
    // The release gate wants a validated account (validating at the order's panel is back-office-panel.e2e.ts's journey).
    const validated = await fetch(`${baseUrl}/api/admin/validate-user/${me.user.id}`, { method: 'PATCH', headers: admin })
    expect(validated.status).toBe(200)
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const adminErrors = collectPageErrors(adminPage)
    await signInAt(adminPage, baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await adminPage.waitForURL((url) => url.pathname !== '/admin-login')
    await adminPage.goto(`${baseUrl}/admin`)
    const pending = adminPage.getByRole('region', { name: /Pending requests/i })
    await pending
      .getByRole('row')
      .filter({ hasText: vins[TYPO_ROW - 1] ?? '' })
      .getByRole('button', { name: `${TYPO_ROW} of ${BATCH_SIZE}, batch ${code}: show this batch only` })
      .click()
    await expect
      .poll(() =>
        pending
          .getByRole('row')
          .filter({ hasText: new RegExp(`of ${BATCH_SIZE}, batch ${code}`) })
          .count(),
      )
      .toBe(BATCH_SIZE)
    await releaseAtBackOffice(adminPage, vins[0] ?? '', 'K5101')
    await releaseAtBackOffice(adminPage, vins[TYPO_ROW - 1] ?? '', 'K5107')
    expect(adminErrors).toEqual([])
    await adminPage.close()

    await page.goto(`${baseUrl}/user-dash`)
    const panel = page.getByRole('region', { name: 'Bulk orders' })
    await panel.getByText(`2 of ${BATCH_SIZE} released`).waitFor()
    expect(await panel.textContent()).toContain(`Batch ${code}`)
    const downloading = page.waitForEvent('download')
    await panel.getByRole('link', { name: 'Download codes (CSV)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`keydesk-batch-${code}-codes.csv`)
    const lines = (await downloadedText(download)).trim().split(/\r?\n/)
    expect(lines[0]).toBe('Year,Make,Model,VIN,Reference,Keycode,PIN,Released at')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 6))).toEqual([
      ['2016', 'Honda', 'Civic', vins[0], '', 'K5101'],
      ['2016', 'Honda', 'Civic', vins[TYPO_ROW - 1], '', 'K5107'],
    ])
    expect(errors).toEqual([])
    await page.close()
  })
})

/** A 2016 Lincoln VIN with its check digit: the catalogue's only 2016 Lincoln is the Navigator. */
const lincolnVin = (index: number) => validVin('5LMJJ2H5', 'G', String(570000 + index))

describe('bulk ordering by paste, at a phone\u2019s width and a desktop\u2019s', () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px a Professional member pastes 20 bare VINs, takes the proposed model, applies one model to a make and year by keyboard, sees each price and the total, pays, and is told once the whole batch is done`, async () => {
      const baseUrl = suiteUrl()
      const member = await registerMember(baseUrl, { fname: 'Paz', lname: 'Paste' })
      const memberHeaders = await apiSignIn(baseUrl, member.email, member.password)
      await startTrial(baseUrl, memberHeaders, 'PROFESSIONAL')
      const serial = width * 100
      const lincolns = Array.from({ length: 10 }, (_, index) => lincolnVin(serial + index))
      const hondas = Array.from({ length: 10 }, (_, index) => hondaVin(serial + 50 + index))
      const vins = [...lincolns, ...hondas]

      const page = await browser.newPage({ viewport: { width, height: 900 } })
      const errors = collectPageErrors(page)
      await signInAt(page, baseUrl, '/login', member.email, member.password)
      await page.waitForURL(`${baseUrl}/`)
      await page.goto(`${baseUrl}/bulk-order`)
      await page.getByLabel('Paste VINs').fill(vins.join('\n'))
      await page.getByRole('button', { name: 'Check', exact: true }).click()

      // The Lincolns take the catalogue's only 2016 model; the Hondas wait for a choice.
      await page.getByLabel(`VIN, row ${vins.length}`, { exact: true }).waitFor()
      expect(await page.getByLabel('Model, row 1', { exact: true }).inputValue()).toBe('Navigator')
      await page.getByText(BULK_MESSAGES.fixRows(hondas.length)).waitFor()
      const add = page.getByRole('button', { name: `Add ${vins.length} to cart` })
      expect(await add.isDisabled()).toBe(true)

      await page.getByLabel('Model, row 11', { exact: true }).selectOption('Civic')
      const apply = page.getByRole('button', { name: `Use Civic for all ${hondas.length - 1} other 2016 Honda rows` })
      await apply.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => add.isEnabled()).toBe(true)
      expect(await page.getByLabel(`Model, row ${vins.length}`, { exact: true }).inputValue()).toBe('Civic')

      // Professional's member prices less its discount: the Lincoln's and the Honda's, as the cart will charge them.
      const lincolnRow = page.locator('tr').filter({ has: page.getByLabel('VIN, row 1', { exact: true }) })
      const hondaRow = page.locator('tr').filter({ has: page.getByLabel('VIN, row 11', { exact: true }) })
      const lincolnPrice = /\$[\d.,]+/.exec((await lincolnRow.textContent()) ?? '')?.[0] ?? ''
      const hondaPrice = /\$[\d.,]+/.exec((await hondaRow.textContent()) ?? '')?.[0] ?? ''
      const cents = (price: string) => Math.round(Number(price.replace(/[$,]/g, '')) * 100)
      expect([lincolnPrice, hondaPrice]).toEqual([formatDollars(4400), formatDollars(3600)])
      const total = page.getByTestId('bulk-total')
      expect(await total.textContent()).toBe(formatDollars(10 * cents(lincolnPrice) + 10 * cents(hondaPrice)))
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(await seriousAccessibilityViolations(page)).toEqual([])

      await add.click()
      const added = page.getByText(new RegExp(`^${vins.length} keycode requests of batch (B-\\w{6}) added to your cart\\.$`))
      await added.waitFor()
      const code = /batch (B-\w{6})/.exec((await added.textContent()) ?? '')?.[1] ?? ''
      await page.getByRole('link', { name: 'Go to your cart' }).click()
      await page.waitForURL(`${baseUrl}/cart`)
      await payInSandbox(page)

      // An admin releases every order of the batch.
      const { admin, batchOrders } = await validatedBatchOrders(baseUrl, memberHeaders, code)
      expect(batchOrders).toHaveLength(vins.length)
      for (const order of batchOrders) await releaseThroughApi(baseUrl, admin, order.id, 'K9000')

      const doneSubject = `Your batch ${code} is done: ${batchOutcomeText({ released: vins.length, refunded: 0 })}`
      const doneMails = async () =>
        ((await (await fetch(`${baseUrl}/api/dev/mailbox`)).json()) as { to: string; subject: string }[]).filter(
          (mail) => mail.to === member.email && mail.subject === doneSubject,
        ).length
      await expect.poll(doneMails, { timeout: 15_000 }).toBe(1)

      // The mail's link opens the dashboard on the batch, its progress at the top.
      await page.goto(`${baseUrl}/user-dash?batch=${code}`)
      const heading = page.getByRole('heading', { level: 2, name: new RegExp(`Batch ${code}`) })
      await heading.waitFor()
      expect(await heading.textContent()).toContain(batchProgressText({ released: vins.length, size: vins.length }))
      await page.getByRole('tab', { name: /Fulfilled/ }).click()
      await expect.poll(() => page.getByText(new RegExp(`^\\d+ of ${vins.length}, batch ${code}$`)).count()).toBe(vins.length)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
      expect(await doneMails()).toBe(1)
      expect(errors).toEqual([])
      await page.close()
    }, 120_000)
  }
})

/** A 2016 Honda Civic VIN for the 500-row batch, numbered apart from the other journeys'. */
const dayVin = (index: number) => validVin('1HGCR2F3', 'G', String(600000 + index))

describe('a 500-row batch, the size an Enterprise shop sends on a busy day', () => {
  it('at 390 px an Enterprise member pastes 500 vehicles, sees the total the cart will charge, pays, and follows the batch on the dashboard', async () => {
    const baseUrl = suiteUrl()
    const size = 500
    const member = await registerMember(baseUrl, { fname: 'Ena', lname: 'Enterprise' })
    const memberHeaders = await apiSignIn(baseUrl, member.email, member.password)
    await startTrial(baseUrl, memberHeaders, 'ENTERPRISE')
    const vins = Array.from({ length: size }, (_, index) => dayVin(index))

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const errors = collectPageErrors(page)
    await signInAt(page, baseUrl, '/login', member.email, member.password)
    await page.waitForURL(`${baseUrl}/`)
    await page.goto(`${baseUrl}/bulk-order`)
    await page.getByLabel('Paste VINs').fill(['VIN,Model', ...vins.map((vin) => `${vin},Civic`)].join('\n'))
    await page.getByRole('button', { name: 'Check', exact: true }).click()
    // The table shows its rows a page at a time; the batch's size and total count every row.
    await page.getByText(new RegExp(`^${size} vehicles, up to`)).waitFor()
    expect(await page.getByLabel('VIN, row 1', { exact: true }).inputValue()).toBe(vins[0])

    const add = page.getByRole('button', { name: `Add ${size} to cart` })
    await expect.poll(() => add.isEnabled()).toBe(true)
    const firstRow = page.locator('tr').filter({ has: page.getByLabel('VIN, row 1', { exact: true }) })
    const rowPrice = /\$[\d.,]+/.exec((await firstRow.textContent()) ?? '')?.[0] ?? ''
    const rowCents = Math.round(Number(rowPrice.replace(/[$,]/g, '')) * 100)
    expect(rowCents).toBeGreaterThan(0)
    expect(await page.getByTestId('bulk-total').textContent()).toBe(formatDollars(size * rowCents))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await add.click()
    const added = page.getByText(new RegExp(`^${size} keycode requests of batch (B-\\w{6}) added to your cart\\.$`))
    await added.waitFor()
    const code = /batch (B-\w{6})/.exec((await added.textContent()) ?? '')?.[1] ?? ''
    await page.getByRole('link', { name: 'Go to your cart' }).click()
    await page.waitForURL(`${baseUrl}/cart`)
    await page.getByText(`${size} of ${size}, batch ${code}`, { exact: true }).waitFor()
    await payInSandbox(page)

    // Three of them released; the dashboard opened on the batch says so at the top and fits the phone.
    const { admin, batchOrders } = await validatedBatchOrders(baseUrl, memberHeaders, code)
    // The dashboard's list holds the newest orders of each tab (ORDER_TAB_LIMIT); the batch's heading counts all 500.
    expect(batchOrders).toHaveLength(ORDER_TAB_LIMIT)
    for (const order of batchOrders.slice(0, 3)) await releaseThroughApi(baseUrl, admin, order.id, 'K7000')

    await page.goto(`${baseUrl}/user-dash?batch=${code}`)
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`Batch ${code}`) })
    await heading.waitFor()
    expect(await heading.textContent()).toContain(batchProgressText({ released: 3, size }))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 180_000)
})
