import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import { SecuritySchema, TWO_FACTOR_MESSAGES, TwoFactorSetupAnswerSchema } from '@keydesk/contracts/security'
import { and, eq, isNull } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../../db/schema/accounts.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { webauthnChallenges } from '../../../db/schema/passkeys.ts'
import {
  GOOD_PASSWORD,
  mailedCodeProof,
  registerAndSignIn,
  type SignedIn,
  sessionIdOf,
  signedInAdmin,
  uniqueIp,
} from '../../../test/accounts.ts'
import { softwareAuthenticator } from '../../../test/software-authenticator.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { openBodies } from '../../platform/mail/outbox.ts'

/**
 * The enrolment proof (decision 025): with REQUIRE_ADMIN_2FA, as in production, an admin's sign-in factor stands for
 * their admin powers, so a stolen password alone never enrols one; each added or removed factor mails the owner, and
 * removing a passkey ends the sessions it signed in.
 */
let testApp: TestApp
const clock = testClock()
const SITE = { origin: 'http://localhost', rpId: 'localhost' }

beforeAll(async () => {
  testApp = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' }, { clock })
})

afterAll(async () => {
  await testApp.close()
})

type Headers = Record<string, string>
const post = (url: string, payload: object, headers: Headers) =>
  testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() })
const startApp = (account: SignedIn, proof: object) => post('/api/user/security/two-factor/setup', proof, account.headers)
const passkeyOptions = (account: SignedIn, proof: object) => post('/api/user/security/passkeys/options', proof, account.headers)
const security = async (headers: Headers) => SecuritySchema.parse((await testApp.app.inject({ url: '/api/user/security', headers })).json())
const challengesOf = (userId: string) =>
  testApp.app.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, userId))
const mailTexts = async (email: string) =>
  (await testApp.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt)).map(
    (mail) => `${mail.subject}\n${openBodies(mail, testApp.app.secretKey).text}`,
  )

async function confirmApp(account: SignedIn, proof: object): Promise<string> {
  const setup = await startApp(account, proof)
  expect(setup.statusCode, setup.body).toBe(200)
  const secret = TwoFactorSetupAnswerSchema.parse(setup.json()).secret
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() })
  const enable = await post('/api/user/security/two-factor/enable', { code }, account.headers)
  expect(enable.statusCode, enable.body).toBe(200)
  return secret
}

async function addPasskey(account: SignedIn, proof: object, name = 'Admin laptop') {
  const authenticator = softwareAuthenticator(SITE)
  const options = await passkeyOptions(account, proof)
  expect(options.statusCode, options.body).toBe(200)
  const added = await post('/api/user/security/passkeys', { name, response: authenticator.register(options.json()) }, account.headers)
  expect(added.statusCode, added.body).toBe(201)
  return { authenticator, id: added.json().id as string }
}

async function passkeySession(authenticator: ReturnType<typeof softwareAuthenticator>): Promise<Headers> {
  const options = (await testApp.app.inject({ method: 'POST', url: '/api/auth/passkey/options', payload: {} })).json()
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/passkey/login',
    payload: { response: authenticator.signIn(options) },
  })
  expect(answer.statusCode, answer.body).toBe(200)
  return { cookie: `access_token=${answer.cookies.find((cookie) => cookie.name === 'access_token')?.value}` }
}

describe('an admin without a sign-in factor', () => {
  it('is told to prove the mailbox as well: the password alone starts neither an authenticator nor a passkey', async () => {
    const admin = await signedInAdmin(testApp)
    expect((await security(admin.headers)).enrolmentProof).toBe('password-and-mailed-code')
    for (const refused of [
      await startApp(admin, { currentPassword: GOOD_PASSWORD }),
      await passkeyOptions(admin, { currentPassword: GOOD_PASSWORD }),
    ]) {
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.mailedCodeNeeded)
    }
    expect(await challengesOf(admin.id)).toEqual([])
    expect((await security(admin.headers)).twoFactorEnabled).toBe(false)
  })

  it('enrols the first factor with the password and the code mailed to the account, which works once', async () => {
    const admin = await signedInAdmin(testApp)
    const proof = await mailedCodeProof(testApp, admin)
    const mail = (await mailTexts(admin.email)).at(-1) ?? ''
    expect(mail).toContain(`Code: ${proof.mailedCode}`)
    expect((await passkeyOptions(admin, proof)).statusCode).toBe(200)
    const again = await startApp(admin, proof)
    expect(again.statusCode).toBe(403)
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.mailedCodeInvalid)
  })

  it('refuses a wrong or expired mailed code, and a mailed code with a wrong password', async () => {
    const admin = await signedInAdmin(testApp)
    const proof = await mailedCodeProof(testApp, admin)
    const wrongCode = String((Number(proof.mailedCode) + 1) % 100_000_000).padStart(8, '0')
    expect((await startApp(admin, { ...proof, mailedCode: wrongCode })).json().message).toBe(TWO_FACTOR_MESSAGES.mailedCodeInvalid)
    expect((await startApp(admin, { ...proof, currentPassword: 'Not-The-Password-1' })).json().message).toBe(
      TWO_FACTOR_MESSAGES.proofInvalid,
    )
    clock.advance(11 * 60 * 1000)
    const expired = await startApp(admin, proof)
    expect(expired.statusCode).toBe(403)
    expect(expired.json().message).toBe(TWO_FACTOR_MESSAGES.mailedCodeInvalid)
  })

  it('mails no code for a wrong password', async () => {
    const admin = await signedInAdmin(testApp)
    const refused = await post('/api/user/security/enrolment-code', { currentPassword: 'Not-The-Password-1' }, admin.headers)
    expect(refused.statusCode).toBe(403)
    expect(await mailTexts(admin.email)).toEqual([])
  })
})

describe('an admin with a sign-in factor', () => {
  it('adds a further factor only with one it has: a current authenticator code, never the password or a mailed code', async () => {
    const admin = await signedInAdmin(testApp)
    const secret = await confirmApp(admin, await mailedCodeProof(testApp, admin))
    expect((await security(admin.headers)).enrolmentProof).toBe('existing-factor')
    for (const proof of [{ currentPassword: GOOD_PASSWORD }, await mailedCodeProof(testApp, admin)]) {
      const refused = await passkeyOptions(admin, proof)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.existingFactorNeeded)
    }
    clock.advance(60_000)
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() })
    expect((await passkeyOptions(admin, { code })).statusCode).toBe(200)
  })

  it('adds a further factor from a session its passkey signed in, and not from a password session', async () => {
    const admin = await signedInAdmin(testApp)
    const { authenticator } = await addPasskey(admin, await mailedCodeProof(testApp, admin))
    expect((await startApp(admin, { currentPassword: GOOD_PASSWORD })).json().message).toBe(TWO_FACTOR_MESSAGES.existingFactorNeeded)
    const viaPasskey = await passkeySession(authenticator)
    expect((await startApp({ ...admin, headers: viaPasskey as { cookie: string } }, {})).statusCode).toBe(200)
  })
})

describe('every change of a sign-in factor', () => {
  it('mails the owner when an authenticator or a passkey is added or removed', async () => {
    const member = await registerAndSignIn(testApp)
    await confirmApp(member, { currentPassword: GOOD_PASSWORD })
    const { id } = await addPasskey(member, { currentPassword: GOOD_PASSWORD }, 'Work phone')
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/user/security/passkeys/${id}`,
      payload: { currentPassword: GOOD_PASSWORD },
      headers: member.headers,
    })
    expect(removed.json().message).toBe(PASSKEY_MESSAGES.removed)
    const switchedOff = await testApp.app.inject({
      method: 'PUT',
      url: '/api/user/security',
      payload: { twoFactor: false, currentPassword: GOOD_PASSWORD },
      headers: member.headers,
    })
    expect(switchedOff.statusCode).toBe(200)
    const mails = await mailTexts(member.email)
    expect(mails.filter((text) => text.startsWith('A sign-in factor was added'))).toEqual([
      expect.stringContaining('An authenticator app was added'),
      expect.stringContaining('A passkey named "Work phone" was added'),
    ])
    expect(mails.filter((text) => text.startsWith('A sign-in factor was removed'))).toEqual([
      expect.stringContaining('A passkey was removed'),
      expect.stringContaining('The authenticator app was removed'),
    ])
  })

  it('removing a passkey ends the sessions it signed in, and leaves the others open', async () => {
    const member = await registerAndSignIn(testApp)
    const { authenticator, id } = await addPasskey(member, { currentPassword: GOOD_PASSWORD })
    const rogue = await passkeySession(authenticator)
    expect((await testApp.app.inject({ url: '/api/user/security', headers: rogue })).statusCode).toBe(200)
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/user/security/passkeys/${id}`,
      payload: { currentPassword: GOOD_PASSWORD },
      headers: member.headers,
    })
    expect(removed.statusCode).toBe(200)
    expect((await testApp.app.inject({ url: '/api/user/security', headers: rogue })).statusCode).toBe(401)
    expect((await testApp.app.inject({ url: '/api/user/security', headers: member.headers })).statusCode).toBe(200)
    const open = await testApp.app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, member.id), isNull(sessions.endedAt)))
    expect(open.map((row) => row.id)).toEqual([sessionIdOf(member)])
  })
})
