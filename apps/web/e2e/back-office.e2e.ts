import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import type { Browser, Page } from 'playwright-core'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { type ServerProcess, startServer } from '../../api/src/test/server-process.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'

/** This journey reads mail (the admin registration code), so it runs its own server wired to an SMTP catcher. */
const mails: ParsedMail[] = []
let smtp: SMTPServer
let server: ServerProcess
let dataDir: string
let browser: Browser
const PASSWORD = 'Amber-Keyway-5521'
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((parsed) => {
        mails.push(parsed)
        done()
      }, done)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-back-office-'))
  server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', SMTP_URL: `smtp://127.0.0.1:${port}` }, 60_000)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise<void>((resolve) => smtp.close(resolve))
  await rm(dataDir, { recursive: true, force: true })
})

async function waitForMail(to: string, subject: string): Promise<ParsedMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = mails.find((mail) => mail.subject === subject && mail.to && !Array.isArray(mail.to) && mail.to.text === to)
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail "${subject}" to ${to}`)
}

async function apiSignIn(email: string, password: string) {
  const answer = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  })
  expect(answer.status).toBe(200)
  const access = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('access_token='))
  return { cookie: access?.split(';')[0] ?? '' }
}

/** A member who registered, ordered one keycode and paid it on the sandbox checkout. */
async function memberWithPaidRequest() {
  const email = `paid.${Date.now()}@example.com`
  const form = new FormData()
  for (const [name, value] of Object.entries({
    fname: 'Mia',
    lname: 'Member',
    email,
    phone: '555-0123',
    password: PASSWORD,
    state: 'Ohio',
  }))
    form.append(name, value)
  for (const name of ['frontId', 'backId', 'businessDocument', 'coi'])
    form.append(name, new Blob([PNG], { type: 'image/png' }), `${name}.png`)
  expect((await fetch(`${server.baseUrl}/api/auth/register`, { method: 'POST', body: form })).status).toBe(201)
  const headers = await apiSignIn(email, PASSWORD)
  const order = new FormData()
  for (const [name, value] of Object.entries({ make: 'Honda', model: 'Civic', year: '2016', vin: '1HGCR2F31GA000000' }))
    order.append(name, value)
  expect((await fetch(`${server.baseUrl}/api/vehicle/request-keycode-public`, { method: 'POST', body: order, headers })).status).toBe(201)
  const session = await fetch(`${server.baseUrl}/api/api/payments/create-checkout-session`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: 6000,
      items: [],
      success_url: `${server.baseUrl}/payment-success`,
      cancel_url: `${server.baseUrl}/payment-cancel`,
    }),
  }).then((answer) => answer.json())
  const paid = await fetch(`${server.baseUrl}/sandbox-checkout/${session.sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Mia Member', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  })
  expect(paid.status).toBe(303)
  return { email }
}

async function signInAt(page: Page, screen: '/login' | '/admin-login', email: string, password: string) {
  await page.goto(`${server.baseUrl}${screen}`)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: screen === '/login' ? 'Login' : 'Admin Login', exact: true }).click()
}

describe('back office (issue 7 acceptance)', () => {
  it('a super admin approves a pending admin, who starts a paid request, gives the release gate a reason for the unvalidated member, finds the release in the downloaded CSV, and the member sees the code', async () => {
    const adminEmail = `new.admin.${Date.now()}@example.com`
    await fetch(`${server.baseUrl}/api/admin-registration-code/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, firstName: 'Ava', lastName: 'Admin' }),
    })
    const code = /registration code is: (\w+)/.exec((await waitForMail(adminEmail, 'Your Keydesk admin registration code')).text ?? '')?.[1]
    expect(code).toBeDefined()
    const adminForm = new FormData()
    const fields = {
      fname: 'Ava',
      lname: 'Admin',
      email: adminEmail,
      phone: '555-0101',
      company: 'Keys Inc',
      password: PASSWORD,
      adminCode: code ?? '',
    }
    for (const [name, value] of Object.entries(fields)) adminForm.append(name, value)
    expect((await fetch(`${server.baseUrl}/api/auth/admin-register`, { method: 'POST', body: adminForm })).status).toBe(201)

    const superPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const superErrors = collectPageErrors(superPage)
    await signInAt(superPage, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await superPage.waitForURL('**/super-admin')
    const pendingRow = superPage.getByRole('listitem').filter({ hasText: adminEmail })
    await pendingRow.getByRole('button', { name: 'Approve', exact: true }).click()
    await superPage.getByRole('region', { name: 'Approved admins' }).getByText(adminEmail).waitFor()
    expect(superErrors).toEqual([])

    const member = await memberWithPaidRequest()
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const adminErrors = collectPageErrors(adminPage)
    await signInAt(adminPage, '/admin-login', adminEmail, PASSWORD)
    await adminPage.waitForURL('**/admin')
    const pending = adminPage.getByRole('region', { name: /Pending requests/i })
    await pending.getByRole('row').filter({ hasText: '1HGCR2F31GA000000' }).waitFor()
    await pending.getByRole('button', { name: 'Start' }).first().click()
    await adminPage.getByText('Status updated to In Progress').waitFor()
    const inProgress = adminPage.getByRole('region', { name: /In progress/i })
    await inProgress.getByLabel('Keycode').first().fill('K4821')
    await inProgress.getByLabel('PIN (optional)').first().fill('7731')
    await inProgress
      .getByRole('button', { name: /Submit/ })
      .first()
      .click()
    // The member's account is not validated: the release gate asks for a reason, which is kept with the release.
    const gate = adminPage.getByRole('dialog', { name: 'Before this keycode is released' })
    await gate.getByText("This member's account is not validated yet.").waitFor()
    await gate.getByLabel('Reason to release it anyway').fill('Licence checked on a video call with the member')
    await gate.getByRole('button', { name: 'Release keycode' }).click()
    await inProgress.getByRole('row').filter({ hasText: '1HGCR2F31GA000000' }).waitFor({ state: 'detached' })
    const downloading = adminPage.waitForEvent('download')
    await adminPage.getByRole('region', { name: 'Download releases' }).getByRole('button', { name: 'Download CSV' }).click()
    const csv = await readFile((await (await downloading).path()) ?? '', 'utf8')
    const release = csv.split('\n').find((line) => line.includes(member.email)) ?? ''
    expect(release).toContain('Licence checked on a video call with the member')
    expect(release).toContain(`,${adminEmail},`)
    expect(csv).not.toContain('K4821')
    expect(adminErrors).toEqual([])
    const keycodeMail = await waitForMail(member.email, 'Your keycode for the 2016 Honda Civic is ready')
    expect(keycodeMail.text).toContain('K4821')

    const memberPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signInAt(memberPage, '/login', member.email, PASSWORD)
    await memberPage.waitForURL(`${server.baseUrl}/`)
    await memberPage.goto(`${server.baseUrl}/user-dash`)
    await memberPage.getByRole('tab', { name: 'Fulfilled' }).click()
    await memberPage.getByText('K4821').waitFor()
  })
})
