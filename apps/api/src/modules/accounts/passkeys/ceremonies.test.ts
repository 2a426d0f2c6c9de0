import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberProfiles } from '../../../db/schema/member.ts'
import { passkeys } from '../../../db/schema/passkeys.ts'
import { GOOD_PASSWORD, mailedCodeProof, registerAndSignIn, type SignedIn, signedInAdmin, uniqueIp } from '../../../test/accounts.ts'
import { createMember } from '../../../test/members.ts'
import { type SoftwareAuthenticator, softwareAuthenticator } from '../../../test/software-authenticator.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { CHALLENGE_TTL_MS } from './service.ts'

/**
 * The WebAuthn ceremonies of passkeys (docs/product.md, 'Fingerprint sign-in (passkeys)'; decision 022), with real
 * ES256 signatures from a software authenticator: adding a passkey, signing in with it, and every answer that must
 * be refused. The app runs with REQUIRE_ADMIN_2FA, as production does.
 */
let testApp: TestApp
const clock = testClock()
/** Without PUBLIC_URL the site is the address the request was sent to: inject's is http://localhost. */
const SITE = { origin: 'http://localhost', rpId: 'localhost' }

beforeAll(async () => {
  testApp = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' }, { clock })
})

afterAll(async () => {
  await testApp.close()
})

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>
const post = (url: string, payload: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: uniqueIp() })

async function registrationOptions(member: SignedIn, proof: object = { currentPassword: GOOD_PASSWORD }) {
  const answer = await post('/api/user/security/passkeys/options', proof, member.headers)
  expect(answer.statusCode).toBe(200)
  return answer.json() as { challenge: string; user: { id: string }; rp: { id: string }; authenticatorSelection: Record<string, unknown> }
}

/** Adds a passkey held by a new software authenticator to the member's account. */
async function addPasskey(member: SignedIn, name = 'My phone', proof?: object): Promise<SoftwareAuthenticator> {
  const authenticator = softwareAuthenticator(SITE)
  const options = await registrationOptions(member, proof)
  const answer = await post('/api/user/security/passkeys', { name, response: authenticator.register(options) }, member.headers)
  expect(answer.statusCode, answer.body).toBe(201)
  return authenticator
}

async function signInOptions() {
  const answer = await post('/api/auth/passkey/options', {})
  expect(answer.statusCode).toBe(200)
  return answer.json() as { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] }
}

const passkeyLogin = (response: unknown) => post('/api/auth/passkey/login', { response })

const sessionOf = (answer: Answer) => {
  const accessToken = answer.cookies.find((cookie) => cookie.name === 'access_token')?.value ?? ''
  return { cookie: `access_token=${accessToken}` }
}

const storedPasskey = async (credentialId: string) =>
  (await testApp.app.database.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)))[0]

describe('adding a passkey', () => {
  it('asks for a discoverable credential that verifies its user, bound to this site, after the owner proved it is them', async () => {
    const member = await registerAndSignIn(testApp)
    const options = await registrationOptions(member)
    expect(options.rp.id).toBe('localhost')
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(member.id)
  })

  it('refuses the options without a proof (400) and with a wrong one (403)', async () => {
    const member = await registerAndSignIn(testApp)
    expect((await post('/api/user/security/passkeys/options', {}, member.headers)).statusCode).toBe(400)
    expect((await post('/api/user/security/passkeys/options', { currentPassword: 'not-it' }, member.headers)).statusCode).toBe(403)
  })

  it('stores a valid one under its name and switches Fingerprint sign-in on', async () => {
    const member = await registerAndSignIn(testApp)
    await addPasskey(member, 'Work laptop')
    const listed = (await testApp.app.inject({ url: '/api/user/security/passkeys', headers: member.headers })).json()
    expect(listed).toEqual([{ id: expect.any(String), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }])
    const security = (await testApp.app.inject({ url: '/api/user/security', headers: member.headers })).json()
    expect(security.fingerprintEnabled).toBe(true)
  })

  it('refuses an answer made for another origin or another RP ID, or without user verification', async () => {
    const member = await registerAndSignIn(testApp)
    for (const ceremony of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const options = await registrationOptions(member)
      const answer = await post(
        '/api/user/security/passkeys',
        { name: 'Phone', response: softwareAuthenticator(SITE).register(options, ceremony) },
        member.headers,
      )
      expect(answer.statusCode, JSON.stringify(ceremony)).toBe(400)
    }
    expect((await testApp.app.inject({ url: '/api/user/security/passkeys', headers: member.headers })).json()).toEqual([])
  })

  it('spends its challenge once, and only for the account that asked for it', async () => {
    const member = await registerAndSignIn(testApp)
    const other = await registerAndSignIn(testApp)
    const options = await registrationOptions(member)
    const response = softwareAuthenticator(SITE).register(options)
    expect((await post('/api/user/security/passkeys', { name: 'Phone', response }, other.headers)).statusCode).toBe(400)
    const again = softwareAuthenticator(SITE).register(await registrationOptions(member))
    expect((await post('/api/user/security/passkeys', { name: 'Phone', response: again }, member.headers)).statusCode).toBe(201)
    expect((await post('/api/user/security/passkeys', { name: 'Phone', response: again }, member.headers)).statusCode).toBe(400)
  })
})

describe('signing in with a passkey', () => {
  it('asks for any passkey of this site, verifying its user, without an e-mail', async () => {
    const options = await signInOptions()
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect(options.allowCredentials ?? []).toEqual([])
  })

  it('signs the owner in with a valid answer: a session, the login history, the last use', async () => {
    const member = await registerAndSignIn(testApp)
    const authenticator = await addPasskey(member)
    const answer = await passkeyLogin(authenticator.signIn(await signInOptions()))
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().user.id).toBe(member.id)
    expect(answer.json().accessToken).toEqual(expect.any(String))
    const me = await testApp.app.inject({ url: '/api/auth/me', headers: sessionOf(answer) })
    expect(me.json().user.email).toBe(member.email)
    const stored = await storedPasskey(authenticator.credentialId)
    expect(stored?.lastUsedAt).not.toBeNull()
    expect(stored?.counter).toBe(1)
    const security = (await testApp.app.inject({ url: '/api/user/security', headers: member.headers })).json()
    expect(security.loginHistory).toHaveLength(2)
  })

  it('refuses an answer for another origin, another RP ID, or without user verification', async () => {
    const member = await registerAndSignIn(testApp)
    const authenticator = await addPasskey(member)
    for (const ceremony of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const answer = await passkeyLogin(authenticator.signIn(await signInOptions(), ceremony))
      expect(answer.statusCode, JSON.stringify(ceremony)).toBe(401)
      expect(answer.cookies).toEqual([])
    }
  })

  it('refuses a replayed challenge, a challenge it never issued and an expired one', async () => {
    const member = await registerAndSignIn(testApp)
    const authenticator = await addPasskey(member)
    const options = await signInOptions()
    expect((await passkeyLogin(authenticator.signIn(options))).statusCode).toBe(200)
    expect((await passkeyLogin(authenticator.signIn(options))).statusCode).toBe(401)
    expect((await passkeyLogin(authenticator.signIn({ challenge: Buffer.from('made up').toString('base64url') }))).statusCode).toBe(401)
    const late = await signInOptions()
    clock.advance(CHALLENGE_TTL_MS + 1000)
    expect((await passkeyLogin(authenticator.signIn(late))).statusCode).toBe(401)
  })

  it('refuses a credential whose answer names another account than its owner', async () => {
    const member = await registerAndSignIn(testApp)
    const other = await registerAndSignIn(testApp)
    const authenticator = await addPasskey(member)
    const answer = await passkeyLogin(authenticator.signIn(await signInOptions(), { userHandle: other.id }))
    expect(answer.statusCode).toBe(401)
    expect(answer.cookies).toEqual([])
    // An unknown credential is refused alike.
    const stranger = softwareAuthenticator(SITE)
    stranger.register({ challenge: 'x', user: { id: Buffer.from(member.id).toString('base64url') } })
    expect((await passkeyLogin(stranger.signIn(await signInOptions()))).statusCode).toBe(401)
  })

  it('refuses a counter that went backwards, and keeps the stored one', async () => {
    const member = await registerAndSignIn(testApp)
    const authenticator = await addPasskey(member)
    expect((await passkeyLogin(authenticator.signIn(await signInOptions(), { counter: 5 }))).statusCode).toBe(200)
    expect((await passkeyLogin(authenticator.signIn(await signInOptions(), { counter: 3 }))).statusCode).toBe(401)
    expect((await passkeyLogin(authenticator.signIn(await signInOptions(), { counter: 5 }))).statusCode).toBe(401)
    expect((await storedPasskey(authenticator.credentialId))?.counter).toBe(5)
    expect((await passkeyLogin(authenticator.signIn(await signInOptions(), { counter: 6 }))).statusCode).toBe(200)
  })

  it('does nothing for a revoked account, and nothing for a closed one but say how to restore it', async () => {
    const member = await registerAndSignIn(testApp)
    const authenticator = await addPasskey(member)
    // An admin with powers under REQUIRE_ADMIN_2FA: one holding a confirmed authenticator.
    const admin = await createMember(testApp, 'ADMIN')
    await testApp.app.database.db.insert(memberProfiles).values({ userId: admin.id, twoFactorEnabled: true })
    const revoke = await testApp.app.inject({ method: 'PATCH', url: `/api/admin/users/${member.id}/revoke`, headers: admin.auth })
    expect(revoke.statusCode).toBe(200)
    const refused = await passkeyLogin(authenticator.signIn(await signInOptions()))
    expect(refused.statusCode).toBe(403)
    expect(refused.cookies).toEqual([])
    expect((await storedPasskey(authenticator.credentialId))?.lastUsedAt).toBeNull()

    const leaving = await registerAndSignIn(testApp)
    const leavingKey = await addPasskey(leaving)
    expect((await testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers: leaving.headers })).statusCode).toBe(200)
    const closed = await passkeyLogin(leavingKey.signIn(await signInOptions()))
    expect(closed.statusCode).toBe(403)
    expect(closed.json().message).toBe(ACCOUNT_CLOSING_MESSAGES.signInRefused)
    expect(closed.cookies).toEqual([])
  })

  it('lets an admin whose only second factor is a passkey reach the back office, and not with the password alone', async () => {
    const admin = await signedInAdmin(testApp)
    expect((await testApp.app.inject({ url: '/api/chat/unread-count', headers: admin.headers })).statusCode).toBe(403)
    const authenticator = await addPasskey(admin, 'Admin laptop', await mailedCodeProof(testApp, admin))
    const answer = await passkeyLogin(authenticator.signIn(await signInOptions()))
    expect(answer.statusCode).toBe(200)
    expect((await testApp.app.inject({ url: '/api/chat/unread-count', headers: sessionOf(answer) })).statusCode).toBe(200)
    expect((await testApp.app.inject({ url: '/api/chat/unread-count', headers: admin.headers })).statusCode).toBe(403)
  })
})

describe('managing passkeys', () => {
  it('renames one, and not another account’s', async () => {
    const member = await registerAndSignIn(testApp)
    const other = await registerAndSignIn(testApp)
    await addPasskey(member, 'Phone')
    const [listed] = (await testApp.app.inject({ url: '/api/user/security/passkeys', headers: member.headers })).json()
    const rename = (headers: Record<string, string>, name: string) =>
      testApp.app.inject({ method: 'PATCH', url: `/api/user/security/passkeys/${listed.id}`, payload: { name }, headers })
    expect((await rename(other.headers, 'Mine now')).statusCode).toBe(404)
    const renamed = await rename(member.headers, '  Pixel 8  ')
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().name).toBe('Pixel 8')
    expect((await rename(member.headers, '')).statusCode).toBe(400)
  })

  it('removes one after the owner’s proof; without a passkey left the password still signs in', async () => {
    const member = await registerAndSignIn(testApp)
    const other = await registerAndSignIn(testApp)
    const authenticator = await addPasskey(member)
    const [listed] = (await testApp.app.inject({ url: '/api/user/security/passkeys', headers: member.headers })).json()
    const remove = (headers: Record<string, string>, payload: object) =>
      testApp.app.inject({ method: 'DELETE', url: `/api/user/security/passkeys/${listed.id}`, payload, headers })
    expect((await remove(member.headers, {})).statusCode).toBe(400)
    expect((await remove(member.headers, { currentPassword: 'wrong' })).statusCode).toBe(403)
    expect((await remove(other.headers, { currentPassword: GOOD_PASSWORD })).statusCode).toBe(404)
    expect((await remove(member.headers, { currentPassword: GOOD_PASSWORD })).statusCode).toBe(200)
    expect((await passkeyLogin(authenticator.signIn(await signInOptions()))).statusCode).toBe(401)
    const security = (await testApp.app.inject({ url: '/api/user/security', headers: member.headers })).json()
    expect(security.fingerprintEnabled).toBe(false)
    const password = await post('/api/auth/login', { email: member.email, password: GOOD_PASSWORD })
    expect(password.statusCode).toBe(200)
  })

  it('PUT /user/security: fingerprint false removes every passkey after the proof; true without one says what to do', async () => {
    const member = await registerAndSignIn(testApp)
    const put = (payload: object) => testApp.app.inject({ method: 'PUT', url: '/api/user/security', payload, headers: member.headers })
    const switchOn = await put({ fingerprint: true })
    expect(switchOn.statusCode).toBe(409)
    expect(switchOn.json().message).toMatch(/add a passkey/)
    await addPasskey(member, 'Phone')
    await addPasskey(member, 'Laptop')
    expect((await put({ fingerprint: true })).json().fingerprintEnabled).toBe(true)
    expect((await put({ fingerprint: false })).statusCode).toBe(400)
    expect((await put({ fingerprint: false, currentPassword: 'wrong' })).statusCode).toBe(403)
    const off = await put({ fingerprint: false, currentPassword: GOOD_PASSWORD })
    expect(off.statusCode).toBe(200)
    expect(off.json().fingerprintEnabled).toBe(false)
    expect((await testApp.app.inject({ url: '/api/user/security/passkeys', headers: member.headers })).json()).toEqual([])
  })
})
