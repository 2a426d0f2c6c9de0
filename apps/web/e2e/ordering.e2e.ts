import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { pngFile, registerMember } from './members.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('ordering as a guest', () => {
  it('requests a keycode with photos and finds it in the cart', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    await page.goto(`${suiteUrl()}/vehicle-keycode-request`)
    await page.getByLabel('Make').selectOption('Honda')
    await page.getByLabel('Model').selectOption('Civic')
    await page.getByLabel('Year').selectOption('2016')
    await page.getByLabel('VIN').fill('1HGCR2F31GA000000')
    await page.getByLabel('Government photo ID (front)').setInputFiles(pngFile('front'))
    await page.getByLabel("Driver's license (front)").setInputFiles(pngFile('licence-front'))
    await page.getByLabel("Driver's license (back)").setInputFiles(pngFile('licence-back'))
    await page.getByLabel('Registration, title or insurance').setInputFiles(pngFile('registration'))
    await page.getByRole('button', { name: 'Add to Cart' }).click()

    await page.waitForURL('**/cart')
    await page.getByText('2016 Honda Civic').waitFor()
    expect(await page.getByText('VIN ending 0000').isVisible()).toBe(true)
    const guestInfo = await page.evaluate(() => localStorage.getItem('keydesk.guestInfo'))
    expect(JSON.parse(guestInfo ?? '{}')).toMatchObject({ guestUserId: expect.any(String), cartId: expect.any(String) })
    expect(errors).toEqual([])
  })
})

describe('ordering as a signed-in user', () => {
  it('orders two keycodes, removes one, edits the other and sees the change on the dashboard', async () => {
    const baseUrl = suiteUrl()
    const { email, password } = await registerMember(baseUrl, { fname: 'Omar', lname: 'Orders' })

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL(`${baseUrl}/`)

    for (const vin of ['1HGCR2F31GA000000', '1HGCR2F35GA000002']) {
      await page.goto(`${baseUrl}/vehicle-keycode-request`)
      await page.getByLabel('Make').selectOption('Honda')
      await page.getByLabel('Model').selectOption('Civic')
      await page.getByLabel('Year').selectOption('2016')
      await page.getByLabel('VIN').fill(vin)
      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await page.waitForURL('**/cart')
    }
    await page.getByText('VIN ending 0002').waitFor()
    await page
      .getByRole('button', { name: /Remove/ })
      .first()
      .click()
    await page.getByText('Item removed from cart successfully!').waitFor()
    expect(await page.getByRole('button', { name: /Remove/ }).count()).toBe(1)

    await page.goto(`${baseUrl}/user-dash`)
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Model', { exact: true }).fill('Accord')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('2016 Honda Accord', { exact: true }).waitFor()
    expect(errors).toEqual([])
  })
})
