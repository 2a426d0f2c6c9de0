import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** A real 1×1 PNG: the server checks uploads by their bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const image = (name: string) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: PNG })

describe('ordering as a guest (issue 5 acceptance)', () => {
  it('requests a keycode with photos and finds it in the cart', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    await page.goto(`${inject('baseUrl')}/vehicle-keycode-request`)
    await page.getByLabel('Make').selectOption('Honda')
    await page.getByLabel('Model').selectOption('Civic')
    await page.getByLabel('Year').selectOption('2016')
    await page.getByLabel('VIN').fill('1HGCR2F31GA000000')
    await page.getByLabel('Front of ID').setInputFiles(image('front'))
    await page.getByLabel("Driver's license (front)").setInputFiles(image('licence-front'))
    await page.getByLabel("Driver's license (back)").setInputFiles(image('licence-back'))
    await page.getByRole('button', { name: 'Add to Cart' }).click()

    await page.waitForURL('**/cart')
    await page.getByText('2016 Honda Civic').waitFor()
    expect(await page.getByText('VIN ending 0000').isVisible()).toBe(true)
    const guestInfo = await page.evaluate(() => localStorage.getItem('keydesk.guestInfo'))
    expect(JSON.parse(guestInfo ?? '{}')).toMatchObject({ guestUserId: expect.any(String), cartId: expect.any(String) })
    expect(errors).toEqual([])
  })
})
