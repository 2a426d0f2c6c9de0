import { missingCredentialsMessage, PORTAL_MESSAGES } from '@keydesk/contracts/portals'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('keycode portals in a real browser', () => {
  it('an admin opens /keycodes, copies credentials and finds the two lines on the clipboard', async () => {
    const baseUrl = suiteUrl()
    const context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    const page = await context.newPage()
    const errors = collectPageErrors(page)

    // The development super admin (config.ts), created at start-up; global-setup sets KCH_FORD_USER/PASS.
    await page.goto(`${baseUrl}/admin-login`)
    await page.getByLabel('Email').fill(DEV_SUPER_ADMIN.email)
    await page.getByLabel('Password').fill(DEV_SUPER_ADMIN.password)
    await page.getByRole('button', { name: 'Admin Login' }).click()
    await page.waitForURL((url) => url.pathname !== '/admin-login')

    await page.goto(`${baseUrl}/keycodes`)
    await page.getByRole('heading', { level: 1, name: PORTAL_MESSAGES.title }).waitFor()
    expect(await page.getByText('4E1B0D2W').isVisible()).toBe(true)
    const screenHeader = page.locator('header', { has: page.getByRole('heading', { name: PORTAL_MESSAGES.title }) })
    expect(await screenHeader.getByText('Super Admin', { exact: true }).isVisible()).toBe(true)

    const ford = page.getByRole('article', { name: 'Ford' })
    expect(await ford.getByRole('link', { name: 'Launch Ford portal' }).getAttribute('rel')).toBe('noopener noreferrer')
    await ford.getByRole('button', { name: 'Copy Creds for Ford' }).click()
    await ford.getByText(PORTAL_MESSAGES.copied).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Username: e2e-ford-user\nPassword: e2e-ford-pass')

    const bmw = page.getByRole('article', { name: 'BMW' })
    await bmw.getByRole('button', { name: 'Copy Creds for BMW' }).click()
    // A super admin is told which variables the operator must set.
    await bmw.getByText(missingCredentialsMessage({ username: 'KCH_BMW_USER', password: 'KCH_BMW_PASS' })).waitFor()

    expect(errors.filter((error) => !error.includes('409'))).toEqual([])
    await context.close()
  })
})
