import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import type { Browser } from 'playwright-core'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { type ServerProcess, startServer } from '../../api/src/test/server-process.ts'
import { downloadedText, launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { MEMBER_PASSWORD, memberWithPaidRequest, signInAt } from './members.ts'

/** This journey reads mail (the admin registration code), so it runs its own server wired to an SMTP catcher. */
const mails: ParsedMail[] = []
let smtp: SMTPServer
let server: ServerProcess
let dataDir: string
let browser: Browser

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

describe('the back office, end to end', () => {
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
      password: MEMBER_PASSWORD,
      adminCode: code ?? '',
    }
    for (const [name, value] of Object.entries(fields)) adminForm.append(name, value)
    expect((await fetch(`${server.baseUrl}/api/auth/admin-register`, { method: 'POST', body: adminForm })).status).toBe(201)

    const superPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const superErrors = collectPageErrors(superPage)
    await signInAt(superPage, server.baseUrl, '/admin-login', DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await superPage.waitForURL('**/super-admin')
    const pendingRow = superPage.getByRole('listitem').filter({ hasText: adminEmail })
    await pendingRow.getByRole('button', { name: 'Approve', exact: true }).click()
    await superPage.getByRole('region', { name: 'Approved admins' }).getByText(adminEmail).waitFor()
    expect(superErrors).toEqual([])

    const member = await memberWithPaidRequest(server.baseUrl, { fname: 'Mia', lname: 'Member', vin: '1HGCR2F31GA000000' })
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const adminErrors = collectPageErrors(adminPage)
    await signInAt(adminPage, server.baseUrl, '/admin-login', adminEmail, MEMBER_PASSWORD)
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
    const csv = await downloadedText(await downloading)
    const release = csv.split('\n').find((line) => line.includes(member.email)) ?? ''
    expect(release).toContain('Licence checked on a video call with the member')
    expect(release).toContain(`,${adminEmail},`)
    expect(csv).not.toContain('K4821')
    expect(adminErrors).toEqual([])
    const keycodeMail = await waitForMail(member.email, 'Your keycode for the 2016 Honda Civic is ready')
    expect(keycodeMail.text).toContain('K4821')

    const memberPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signInAt(memberPage, server.baseUrl, '/login', member.email, member.password)
    await memberPage.waitForURL(`${server.baseUrl}/`)
    await memberPage.goto(`${server.baseUrl}/user-dash`)
    await memberPage.getByRole('tab', { name: 'Fulfilled' }).click()
    await memberPage.getByText('K4821').waitFor()
  })
})
