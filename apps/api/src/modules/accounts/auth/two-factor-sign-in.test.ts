import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { TwoFactorSetupAnswerSchema } from '@keydesk/contracts/security'
import { and, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { GOOD_PASSWORD, registerAndSignIn, type SignedIn, uniqueIp } from '../../../test/accounts.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'

let testApp: TestApp
let member: SignedIn
let secret: string

const codeOf = (base32: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(base32), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSeconds * 1000 })
const codeFor = (offsetSeconds = 0) => codeOf(secret, offsetSeconds)

/** Confirms an authenticator for the account; answers its secret and the code that confirmed it. */
async function enrol(account: SignedIn): Promise<{ secret: string; confirmingCode: string }> {
  const setup = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/security/two-factor/setup',
    headers: account.headers,
    payload: { currentPassword: GOOD_PASSWORD },
  })
  const enrolled = TwoFactorSetupAnswerSchema.parse(setup.json()).secret
  const confirmingCode = codeOf(enrolled)
  const enable = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/security/two-factor/enable',
    headers: account.headers,
    payload: { code: confirmingCode },
  })
  expect(enable.statusCode).toBe(200)
  return { secret: enrolled, confirmingCode }
}

const login = (fields: Record<string, string>) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: uniqueIp(),
  })

beforeAll(async () => {
  testApp = await createTestApp()
  member = await registerAndSignIn(testApp)
  secret = (await enrol(member)).secret
})

afterAll(async () => {
  await testApp.close()
})

describe('sign-in with two-factor on', () => {
  it('asks for the authenticator code after a correct password, without a session', async () => {
    const answer = await login({ email: member.email, password: GOOD_PASSWORD })
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' })
    expect(answer.cookies).toEqual([])
  })

  it('refuses a wrong code', async () => {
    const wrong = codeFor() === '000000' ? '111111' : '000000'
    const answer = await login({ email: member.email, password: GOOD_PASSWORD, code: wrong })
    expect(answer.statusCode).toBe(401)
    expect(answer.json().error).toBe('Invalid authentication code.')
  })

  it('signs in with a current code not used before (the next step: the current one confirmed the app)', async () => {
    const answer = await login({ email: member.email, password: GOOD_PASSWORD, code: codeFor(30) })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().user.email).toBe(member.email)
  })

  it('refuses a code already used for the account, within its window', async () => {
    const account = await registerAndSignIn(testApp)
    const { secret: accountSecret, confirmingCode } = await enrol(account)
    expect((await login({ email: account.email, password: GOOD_PASSWORD, code: confirmingCode })).statusCode).toBe(401)
    const code = codeOf(accountSecret, 30)
    expect((await login({ email: account.email, password: GOOD_PASSWORD, code })).statusCode).toBe(200)
    const replay = await login({ email: account.email, password: GOOD_PASSWORD, code })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error).toBe('Invalid authentication code.')
  })
})

describe('wrong authenticator codes, counted per account (decision 018)', () => {
  const wrongCode = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0')
  const lockMails = (email: string) =>
    testApp.app.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, 'Someone has your Keydesk password')))

  it('pauses the code step for the account after 10 wrong codes from 10 addresses, and mails the owner once', async () => {
    const owner = await registerAndSignIn(testApp)
    const enrolled = (await enrol(owner)).secret
    // Every guess comes from a new address (login() gives each its own), so only the per-account count can stop them.
    for (let guess = 0; guess < 10; guess++) {
      const answer = await login({ email: owner.email, password: GOOD_PASSWORD, code: wrongCode(codeOf(enrolled)) })
      expect(answer.statusCode, `guess ${guess}`).toBe(401)
    }
    const right = await login({ email: owner.email, password: GOOD_PASSWORD, code: codeOf(enrolled, 30) })
    expect(right.statusCode).toBe(429)
    expect(right.json().message).toBe(ACCOUNT_MESSAGES.twoFactorLocked)
    expect(await lockMails(owner.email)).toHaveLength(1)
  })

  it('starts the count again after a right code, so the owner mistyping now and then is never paused', async () => {
    const owner = await registerAndSignIn(testApp)
    const enrolled = (await enrol(owner)).secret
    const guess = () => login({ email: owner.email, password: GOOD_PASSWORD, code: wrongCode(codeOf(enrolled)) })
    for (let attempt = 0; attempt < 9; attempt++) await guess()
    expect((await login({ email: owner.email, password: GOOD_PASSWORD, code: codeOf(enrolled, 30) })).statusCode).toBe(200)
    for (let attempt = 0; attempt < 9; attempt++) expect((await guess()).statusCode).toBe(401)
    expect(await lockMails(owner.email)).toHaveLength(0)
    // Nine since the right code: the tenth closes the step, so the count did start again there.
    expect((await guess()).statusCode).toBe(401)
    expect((await guess()).statusCode).toBe(429)
  })
})
