import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { suiteUrl } from './lanes.ts'
import { pngFile } from './members.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const documents = ['Government photo ID (front)', 'Government photo ID (back)', 'Business document', 'Certificate of insurance']

/** README.md: the development super admin created on first start. */
const BOOTSTRAP_SUPER_ADMIN = { email: 'superadmin@keydesk.local', password: 'keydesk-super-admin-dev' }

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${suiteUrl()}/login`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

describe('accounts journeys against the real API', () => {
  it('signs up a business user with four images, signs in, sees their name, and logs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)
    const email = `dana.${Date.now()}@locke-keys.example`
    const password = 'Blue-Transponder-4471'

    await page.goto(`${suiteUrl()}/register`)
    await page.getByLabel('First name').fill('Dana')
    await page.getByLabel('Last name').fill('Locke')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Phone').fill('512-555-0142')
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm password').fill(password)
    await page.getByLabel('State').selectOption('Texas')
    for (const label of documents) {
      await page.getByLabel(label).setInputFiles(pngFile(label))
    }
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL('**/login')
    await page.getByText('Registration successful. Please log in.').waitFor()

    await signIn(page, email, password)
    await page.waitForURL(`${suiteUrl()}/`)
    const header = page.getByRole('banner')
    await header.getByText('Dana Locke').waitFor()
    expect(await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart' }).isVisible()).toBe(true)

    // The session survives a reload: GET /auth/me with the HttpOnly cookies.
    await page.reload()
    await header.getByText('Dana Locke').waitFor()

    // docs/product.md, 'Screens and routes (web)': the mobile menu shows first name, last name, e-mail and role; log out from its Account group.
    await page.setViewportSize({ width: 390, height: 844 })
    await header.getByRole('button', { name: 'Menu' }).click()
    expect(await header.getByText(email).isVisible()).toBe(true)
    expect(await header.getByText('Role: User').isVisible()).toBe(true)
    await header.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click()

    await page.waitForURL(`${suiteUrl()}/`)
    await page.setViewportSize({ width: 1280, height: 900 })
    await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor()
    expect(await header.getByText('Dana Locke').count()).toBe(0)
    // Logout went through the server: the cookies no longer open a session.
    expect((await page.request.get(`${suiteUrl()}/api/auth/me`)).status()).toBe(401)
    expect(errors).toEqual([])
    await page.close()
  })

  it('signs in the bootstrap super admin and lands on /super-admin', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signIn(page, BOOTSTRAP_SUPER_ADMIN.email, BOOTSTRAP_SUPER_ADMIN.password)
    await page.waitForURL('**/super-admin')
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Super Admin' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).isVisible()).toBe(true)
    await page.close()
  })

  it("answers unknown credentials on /admin-login with 'Admin login failed.' and the server's reason", async () => {
    const page = await browser.newPage()
    await page.goto(`${suiteUrl()}/admin-login`)
    await page.getByLabel('Email', { exact: true }).fill('nobody@locke-keys.example')
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1')
    await page.getByRole('button', { name: 'Admin Login' }).click()
    await page.getByRole('alert').waitFor()
    expect(await page.getByRole('alert').textContent()).toBe('Admin login failed. Invalid email or password.')
    await page.close()
  })
})
