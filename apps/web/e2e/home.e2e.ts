import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser.ts'
import { suiteUrl } from './lanes.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('home page in a real browser', () => {
  it('renders the hero and the footer tagline, with no console errors', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`${suiteUrl()}/`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Vehicle keycodes from the VIN')
    expect(await page.getByText('Professional vehicle keycode lookup services.').isVisible()).toBe(true)
    expect(errors).toEqual([])
  })

  it('shows home for an unknown deep link', async () => {
    const page = await browser.newPage()
    await page.goto(`${suiteUrl()}/some/unknown/path`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Vehicle keycodes from the VIN')
  })
})
