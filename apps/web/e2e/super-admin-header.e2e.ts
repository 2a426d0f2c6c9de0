import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { launchBrowser } from './browser.ts'
import { suiteUrl } from './lanes.ts'
import { signInAt } from './members.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe("the super admin's header", () => {
  it('holds every link, the name and Logout on one line at 1280 px, and moves them into the menu at 1279 px', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signInAt(page, suiteUrl(), '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    const main = page.getByRole('navigation', { name: 'Main' })
    await main.getByRole('link', { name: 'Super Admin' }).waitFor()
    const tops = await page.evaluate(() =>
      [...document.querySelectorAll('header nav[aria-label="Main"] a, header button')]
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => Math.round(element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2)),
    )
    expect(tops.length).toBeGreaterThanOrEqual(9)
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)

    await page.setViewportSize({ width: 1279, height: 900 })
    expect(await main.isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true)
    await page.close()
  })
})
