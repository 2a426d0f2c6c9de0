import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import { TWO_FACTOR_MESSAGES } from '@keydesk/contracts/security'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SUPER_ADMIN } from '../../api/src/config.ts'
import { type ServerProcess, startServer } from '../../api/src/test/server-process.ts'
import { launchBrowser } from './browser.ts'
import { collectPageErrors } from './console-errors.ts'
import { registerMember } from './members.ts'

/**
 * Fingerprint sign-in with passkeys (docs/product.md, 'Fingerprint sign-in (passkeys)') in a real Chromium, whose
 * virtual authenticator (DevTools' WebAuthn domain) stands for a phone's fingerprint reader: a platform
 * authenticator that keeps discoverable credentials and verifies its user.
 */
let browser: Browser
let server: ServerProcess
let dataDir: string
/** The site's address for the browser: WebAuthn needs a domain as RP ID (an IP address is refused). */
let siteUrl: string
/** The same server for set-up calls from Node, which reach it at the address it listens on. */
let apiUrl: string

beforeAll(async () => {
  browser = await launchBrowser()
  // A server of its own: its public address is at localhost, and REQUIRE_ADMIN_2FA is on, as in production.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keydesk-e2e-passkeys-'))
  server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', REQUIRE_ADMIN_2FA: 'true' }, 60_000, 'localhost')
  siteUrl = server.baseUrl
  apiUrl = `http://127.0.0.1:${server.port}`
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** A fingerprint reader on this page's browser: internal transport, resident keys, user verification that succeeds. */
async function addFingerprintReader(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

async function signInWithPassword(page: Page, url: string, email: string, password: string) {
  await page.goto(url)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /^(Admin )?Login$/ }).click()
}

/** Profile → Security → Add a passkey: the password, a name, the device's prompt. */
/**
 * Adds a passkey on the Security tab. An admin's first factor (REQUIRE_ADMIN_2FA, decision 025) also takes the code the
 * server mails to the account, read here from the development mailbox.
 */
async function addPasskey(page: Page, baseUrl: string, password: string, name: string, mailedTo?: string) {
  await page.goto(`${baseUrl}/profile`)
  await page.getByRole('tab', { name: 'Security' }).click()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await page.getByLabel('Current password').fill(password)
  if (mailedTo) {
    await page.getByRole('button', { name: 'E-mail me a code' }).click()
    await page.getByText(TWO_FACTOR_MESSAGES.mailedCodeSent).waitFor()
    await page.getByLabel('Code from the e-mail').fill(await mailedCode(mailedTo))
  }
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Passkey name').fill(name)
  await page.getByRole('button', { name: 'Create passkey' }).click()
  await page.getByText(PASSKEY_MESSAGES.added).waitFor()
}

/** The latest enrolment code mailed to an address, from the development mailbox. */
async function mailedCode(to: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = (await (await fetch(`${apiUrl}/api/dev/mailbox`)).json()) as { to: string; text: string }[]
    const code = mails
      .filter((mail) => mail.to === to)
      .map((mail) => /Code: (\d{8})/.exec(mail.text)?.[1])
      .filter(Boolean)
      .at(-1)
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no enrolment code mailed to ${to}`)
}

/**
 * Signed out once the server has ended the session: the page forgets the user before its logout call is answered, and
 * a visit started before that answer could still carry the session (seen once with the suite in two lanes).
 */
async function signOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout' })
  await Promise.all([page.waitForResponse((answer) => answer.url().endsWith('/api/auth/logout') && answer.ok()), logout.click()])
  await logout.waitFor({ state: 'hidden' })
}

/**
 * The passkey button, in a browser that offers no passkeys in the e-mail field (its conditional UI is made to say
 * "unavailable", as in browsers without it), so the button's ceremony is the one that signs in.
 */
async function signInWithPasskeyButton(page: Page, url: string, landing: string) {
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false })
  })
  await page.goto(url)
  expect(await page.getByLabel('Email', { exact: true }).getAttribute('autocomplete')).toBe('username webauthn')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.waitForURL(`**${landing}`)
}

/**
 * The passkeys the browser offers in the e-mail field (conditional UI): Chromium's virtual authenticator picks its only
 * passkey by itself, as a member would from the list, so the page signs in with nothing clicked or typed.
 */
async function signInWithPasskeyAutofill(page: Page, url: string, landing: string) {
  await page.goto(url)
  await page.waitForURL(`**${landing}`)
}

describe('passkeys in a real browser', () => {
  it('a member adds a passkey, signs out, signs in with its button without an e-mail, and removes it', async () => {
    const baseUrl = siteUrl
    const { email, password } = await registerMember(apiUrl, { fname: 'Pia', lname: 'Passkey' })
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    const { cdp, authenticatorId } = await addFingerprintReader(page)

    await signInWithPassword(page, `${baseUrl}/login`, email, password)
    await page.waitForURL(`${baseUrl}/`)
    await addPasskey(page, baseUrl, password, 'Test phone')
    const passkeys = page.getByRole('list', { name: 'Passkeys' })
    expect(await passkeys.textContent()).toContain('Test phone')
    expect(await passkeys.textContent()).toContain('not used yet')
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]?.isResidentCredential).toBe(true)

    await signOut(page)
    await signInWithPasskeyButton(page, `${baseUrl}/login`, '/')
    await page.getByRole('button', { name: 'Logout' }).waitFor()

    await page.goto(`${baseUrl}/profile`)
    await page.getByRole('tab', { name: 'Security' }).click()
    await passkeys.getByText(/last used/).waitFor()
    await page.getByRole('button', { name: 'Remove Test phone' }).click()
    await page.getByLabel('Current password').fill(password)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText(PASSKEY_MESSAGES.removed).waitFor()
    expect(await passkeys.count()).toBe(0)
    await page.getByText(/^Off: add a passkey/).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('an admin whose only second factor is a passkey signs in from the e-mail field autofill and reaches the back office with REQUIRE_ADMIN_2FA on', async () => {
    const baseUrl = siteUrl
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await addFingerprintReader(page)
    const backOfficeStatus = () => page.evaluate(() => fetch('/api/chat/unread-count').then((answer) => answer.status))

    await signInWithPassword(page, `${baseUrl}/admin-login`, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)
    await page.waitForURL('**/super-admin')
    // A password alone, without an authenticator app, gives no back-office powers, nor does it add a passkey.
    expect(await backOfficeStatus()).toBe(403)
    await addPasskey(page, baseUrl, DEV_SUPER_ADMIN.password, 'Admin laptop', DEV_SUPER_ADMIN.email)

    await signOut(page)
    await signInWithPasskeyAutofill(page, `${baseUrl}/admin-login`, '/super-admin')
    expect(await backOfficeStatus()).toBe(200)
    await page.getByRole('heading', { name: 'Approved admins' }).waitFor()
    await page.close()
  })
})
