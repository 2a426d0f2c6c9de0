import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServer } from '../../api/src/test/server-process.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { registerMember } from './members.ts'

/**
 * In development (PUBLIC_URL unset) the site's default address is http://localhost:<port>, but people
 * open it at whatever address they type. This journey runs from http://127.0.0.1:<port> on a server of its own.
 */
let browser: Browser
let server: ServerProcess
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-any-address-'))
  // An empty PUBLIC_URL counts as unset, as in .env.example.
  server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', PUBLIC_URL: '' }, 60_000)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('the app opened at http://127.0.0.1:<port> with PUBLIC_URL unset', () => {
  it('signs in, orders a keycode, pays in the sandbox checkout and shows the order', async () => {
    const baseUrl = server.baseUrl
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const member = await registerMember(baseUrl, { fname: 'Ana', lname: 'Where' })
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectPageErrors(page)

    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email', { exact: true }).fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL(`${baseUrl}/`)

    await page.goto(`${baseUrl}/vehicle-keycode-request`)
    await page.getByLabel('Make').selectOption('Honda')
    await page.getByLabel('Model').selectOption('Civic')
    await page.getByLabel('Year').selectOption('2016')
    await page.getByLabel('VIN').fill('1HGCR2F31GA000000')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.waitForURL('**/cart')

    await page.getByRole('button', { name: 'Checkout', exact: true }).click()
    await page.getByRole('button', { name: 'Pay securely' }).click()
    // The hosted sandbox page is on the address in use, not on the default localhost.
    await page.waitForURL(`${baseUrl}/sandbox-checkout/**`)
    await page.getByText('TEST CHECKOUT').waitFor()
    await page.getByLabel('Name on card').fill('Ana Where')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry (MM/YY)').fill('12/39')
    await page.getByLabel('CVC').fill('123')
    await page.getByRole('button', { name: /^Pay \$/ }).click()

    await page.waitForURL(`${baseUrl}/payment-success?session_id=*`)
    await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor()
    expect(await page.getByText('Honda Civic 2016 keycode').count()).toBe(1)

    await page.goto(`${baseUrl}/user-dash`)
    await page.getByRole('tab', { name: 'Pending' }).click()
    await page.getByText('VIN ending 0000').or(page.getByText('1HGCR2F31GA000000')).first().waitFor()
    expect(errors).toEqual([])
  })
})
