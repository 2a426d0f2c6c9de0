import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAccessibilityViolations } from './axe.ts'
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

const screens = [
  { path: '/login', heading: 'Login' },
  { path: '/register', heading: 'Create Your Business Account' },
  { path: '/admin-login', heading: 'Admin Login' },
  { path: '/admin-register', heading: 'Admin Registration' },
  { path: '/reset-password?token=abc', heading: 'Reset Password' },
  { path: '/reset-password', heading: 'Invalid Reset Link' },
]

describe('accounts screens in a real browser', () => {
  it.each(screens)('$path shows its heading, with no serious accessibility violations or console errors', async ({ path, heading }) => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    await page.goto(`${suiteUrl()}${path}`)
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('shows the required-field messages for an empty login form', async () => {
    const page = await browser.newPage()
    await page.goto(`${suiteUrl()}/login`)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText('Email is required').waitFor()
    expect(await page.getByText('Password is required').isVisible()).toBe(true)
    await page.close()
  })

  it('sends a visitor on a signed-in page to /login with the way back', async () => {
    const page = await browser.newPage()
    await page.goto(`${suiteUrl()}/user-dash`)
    await page.waitForURL('**/login?redirect=%2Fuser-dash')
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor()
    await page.close()
  })
})

describe('mobile menu at 390 px', () => {
  it('replaces the header links and offers Authentication and Legal links to a visitor', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${suiteUrl()}/`)
    const header = page.getByRole('banner')
    // The page draws once its code has loaded, after the load event: wait for the header before judging what it shows.
    await header.getByRole('button', { name: 'Menu' }).waitFor()
    expect(await header.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    await header.getByRole('button', { name: 'Menu' }).click()
    const authentication = header.getByRole('navigation', { name: 'Authentication' })
    expect(await authentication.getByRole('link', { name: 'Login' }).isVisible()).toBe(true)
    expect(await authentication.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true)
    expect(await header.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(true)
    await authentication.getByRole('link', { name: 'Sign up' }).click()
    await page.getByRole('heading', { level: 1, name: 'Create Your Business Account' }).waitFor()
    expect(await header.getByRole('navigation', { name: 'Authentication' }).count()).toBe(0)
    await page.close()
  })

  it('shows the header links, not the menu button, above 768 px', async () => {
    const page = await browser.newPage({ viewport: { width: 769, height: 800 } })
    await page.goto(`${suiteUrl()}/`)
    const header = page.getByRole('banner')
    await header.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(await header.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)
    await page.close()
  })
})
