import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import { SecuritySchema, TWO_FACTOR_MESSAGES, TwoFactorSetupAnswerSchema } from '@keydesk/contracts/security'
import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberProfiles } from '../../../db/schema/member.ts'
import { passkeys } from '../../../db/schema/passkeys.ts'
import { createMember, type TestMember } from '../../../test/members.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { hashPassword } from '../members/passwords.ts'
import { insertSignIn } from './repository.ts'
import { createSecretBox } from './totp-secret-box.ts'
import { isTwoFactorRequired, verifySecondFactor } from './two-factor.ts'

let testApp: TestApp
let member: TestMember
let other: TestMember

beforeAll(async () => {
  testApp = await createTestApp()
  member = await createMember(testApp)
  other = await createMember(testApp)
})
afterAll(() => testApp.close())

const getSecurity = (headers: Record<string, string>) => testApp.app.inject({ url: '/api/user/security', headers })
const putSecurity = (headers: Record<string, string>, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: '/api/user/security', headers, payload })

describe('GET /user/security', () => {
  it('starts with both settings off, keycodes sent by e-mail and no sign-in', async () => {
    const response = await getSecurity(member.auth)
    expect(response.statusCode).toBe(200)
    expect(SecuritySchema.parse(response.json())).toEqual({
      twoFactorEnabled: false,
      fingerprintEnabled: false,
      keycodesByEmail: true,
      lastLogin: null,
      loginHistory: [],
      enrolmentProof: 'password-or-code',
    })
  })

  it('shows recorded sign-ins newest first, with the latest as lastLogin, and none of another member', async () => {
    const signer = await createMember(testApp)
    await insertSignIn(testApp.app.database.db, { userId: signer.id, ipAddress: '203.0.113.7', userAgent: 'Firefox' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await insertSignIn(testApp.app.database.db, { userId: signer.id, ipAddress: '203.0.113.8', userAgent: 'Chrome' })
    await insertSignIn(testApp.app.database.db, { userId: other.id, ipAddress: '198.51.100.1', userAgent: 'Other' })
    const security = SecuritySchema.parse((await getSecurity(signer.auth)).json())
    expect(security.loginHistory.map((entry) => entry.userAgent)).toEqual(['Chrome', 'Firefox'])
    expect(security.lastLogin).toBe(security.loginHistory[0]?.signedInAt)
  })

  it('refuses a visitor', async () => {
    expect((await getSecurity({})).statusCode).toBe(401)
  })
})

describe('PUT /user/security', () => {
  it('refuses to switch two-factor on before an authenticator is confirmed', async () => {
    const response = await putSecurity(member.auth, { twoFactor: true })
    expect(response.statusCode).toBe(409)
    expect(response.json().error).toBe(TWO_FACTOR_MESSAGES.setupFirst)
    expect((await getSecurity(member.auth)).json().twoFactorEnabled).toBe(false)
  })

  it('answers what to do when fingerprint is switched on without a passkey, and changes nothing', async () => {
    const answer = await putSecurity(member.auth, { fingerprint: true })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(PASSKEY_MESSAGES.addOneFirst)
    expect((await getSecurity(member.auth)).json().fingerprintEnabled).toBe(false)
  })

  it('shows fingerprint on while the caller has a passkey, for the caller only', async () => {
    await testApp.app.database.db
      .insert(passkeys)
      .values({ userId: member.id, credentialId: crypto.randomUUID(), publicKey: 'AA', name: 'Phone', createdAt: new Date() })
    expect((await putSecurity(member.auth, { fingerprint: true })).json().fingerprintEnabled).toBe(true)
    expect((await getSecurity(member.auth)).json().fingerprintEnabled).toBe(true)
    expect((await getSecurity(other.auth)).json().fingerprintEnabled).toBe(false)
  })

  it('refuses a body with neither setting, or a non-boolean', async () => {
    expect((await putSecurity(member.auth, {})).statusCode).toBe(400)
    expect((await putSecurity(member.auth, { twoFactor: 'yes' })).statusCode).toBe(400)
  })

  it('refuses a visitor', async () => {
    expect((await putSecurity({}, { twoFactor: true })).statusCode).toBe(401)
  })
})

describe('two-factor enrolment (TOTP)', () => {
  const PASSWORD = 'Lockpick-Lantern-42'
  let passwordHash: string
  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD)
  })
  /** A member whose password is known, for the proof that enrolling and switching off ask for. */
  const enrollingMember = () => createMember(testApp, 'BASEUSER', { passwordHash })
  const codeFor = (secret: string, offsetSeconds = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSeconds * 1000 })
  const setup = (headers: Record<string, string>, proof: object = { currentPassword: PASSWORD }) =>
    testApp.app.inject({ method: 'POST', url: '/api/user/security/two-factor/setup', headers, payload: proof })
  const enable = (headers: Record<string, string>, code: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/user/security/two-factor/enable', headers, payload: { code } })

  it('answers a secret, an otpauth URL and a QR code, without switching two-factor on yet', async () => {
    const enrolling = await enrollingMember()
    const response = await setup(enrolling.auth)
    expect(response.statusCode).toBe(200)
    const answer = TwoFactorSetupAnswerSchema.parse(response.json())
    expect(answer.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Keydesk:.+secret=/)
    expect(answer.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect((await getSecurity(enrolling.auth)).json().twoFactorEnabled).toBe(false)
  })

  it('refuses a wrong code and keeps two-factor off', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    const wrong = codeFor(secret) === '000000' ? '111111' : '000000'
    const response = await enable(enrolling.auth, wrong)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe(TWO_FACTOR_MESSAGES.invalidCode)
    expect(await isTwoFactorRequired(testApp.app.database.db, enrolling.id)).toBe(false)
  })

  it('switches two-factor on with a code generated from the secret and answers ten recovery codes', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    const response = await enable(enrolling.auth, codeFor(secret))
    expect(response.statusCode).toBe(200)
    expect(response.json().recoveryCodes).toHaveLength(10)
    expect((await getSecurity(enrolling.auth)).json().twoFactorEnabled).toBe(true)
    expect(await isTwoFactorRequired(testApp.app.database.db, enrolling.id)).toBe(true)
  })

  it('switches two-factor and fingerprint sign-in off together with one code, spent once', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    const [recoveryCode] = (await enable(enrolling.auth, codeFor(secret))).json().recoveryCodes
    await testApp.app.database.db
      .insert(passkeys)
      .values({ userId: enrolling.id, credentialId: crypto.randomUUID(), publicKey: 'AA', name: 'Phone', createdAt: new Date() })
    const off = await putSecurity(enrolling.auth, { twoFactor: false, fingerprint: false, code: recoveryCode })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ twoFactorEnabled: false, fingerprintEnabled: false })
  })

  it('accepts a current code and each recovery code once at the sign-in step, and nothing else', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    const { recoveryCodes } = (await enable(enrolling.auth, codeFor(secret))).json() as { recoveryCodes: string[] }
    const box = createSecretBox(testApp.app.totpKey)
    const db = testApp.app.database.db
    const account = { id: enrolling.id, email: enrolling.email }
    const now = testApp.app.clock.now()
    // The code of the current step confirmed the app; the next step's code is the first one left for a sign-in.
    expect(await verifySecondFactor(db, box, account, codeFor(secret, 30), now)).toBe(true)
    expect(await verifySecondFactor(db, box, account, codeFor(secret, -600), now)).toBe(false)
    expect(await verifySecondFactor(db, box, account, recoveryCodes[0] ?? '', now)).toBe(true)
    expect(await verifySecondFactor(db, box, account, recoveryCodes[0] ?? '', now)).toBe(false)
    expect(await verifySecondFactor(db, box, { id: member.id, email: member.email }, codeFor(secret), now)).toBe(false)
  })

  it('stores the secret sealed, never in clear', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    await enable(enrolling.auth, codeFor(secret))
    const rows = await testApp.app.database.db.select().from(memberProfiles).where(eq(memberProfiles.userId, enrolling.id))
    expect(JSON.stringify(rows)).not.toContain(secret)
  })

  it('switching two-factor off forgets the authenticator', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    await enable(enrolling.auth, codeFor(secret))
    expect((await putSecurity(enrolling.auth, { twoFactor: false, currentPassword: PASSWORD })).json().twoFactorEnabled).toBe(false)
    expect(await isTwoFactorRequired(testApp.app.database.db, enrolling.id)).toBe(false)
    expect((await putSecurity(enrolling.auth, { twoFactor: true })).statusCode).toBe(409)
  })

  it('refuses a TOTP code already used for the account, within its window', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    const confirmingCode = codeFor(secret)
    expect((await enable(enrolling.auth, confirmingCode)).statusCode).toBe(200)
    const box = createSecretBox(testApp.app.totpKey)
    const db = testApp.app.database.db
    const account = { id: enrolling.id, email: enrolling.email }
    const now = testApp.app.clock.now()
    expect(await verifySecondFactor(db, box, account, confirmingCode, now)).toBe(false)
    const next = codeFor(secret, 30)
    expect(await verifySecondFactor(db, box, account, next, now)).toBe(true)
    expect(await verifySecondFactor(db, box, account, next, now)).toBe(false)
  })

  it('switching two-factor off needs the current password or a current code', async () => {
    const enrolling = await enrollingMember()
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    await enable(enrolling.auth, codeFor(secret))
    const bare = await putSecurity(enrolling.auth, { twoFactor: false })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().error).toBe(TWO_FACTOR_MESSAGES.proofRequired)
    const wrong = await putSecurity(enrolling.auth, { twoFactor: false, currentPassword: 'not-my-password' })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().error).toBe(TWO_FACTOR_MESSAGES.proofInvalid)
    expect(await isTwoFactorRequired(testApp.app.database.db, enrolling.id)).toBe(true)
    const withCode = await putSecurity(enrolling.auth, { twoFactor: false, code: codeFor(secret, 30) })
    expect(withCode.statusCode).toBe(200)
    expect(await isTwoFactorRequired(testApp.app.database.db, enrolling.id)).toBe(false)
  })

  it('enrolling an authenticator needs the current password or a current code', async () => {
    const enrolling = await enrollingMember()
    const bare = await setup(enrolling.auth, {})
    expect(bare.statusCode).toBe(400)
    expect(bare.json().error).toBe(TWO_FACTOR_MESSAGES.proofRequired)
    expect((await setup(enrolling.auth, { currentPassword: 'not-my-password' })).statusCode).toBe(403)
    const { secret } = TwoFactorSetupAnswerSchema.parse((await setup(enrolling.auth)).json())
    await enable(enrolling.auth, codeFor(secret))
    // Replacing the confirmed app: a stale or wrong code does not do, a current one does.
    expect((await setup(enrolling.auth, { code: codeFor(secret, -600) })).statusCode).toBe(403)
    const replaced = await setup(enrolling.auth, { code: codeFor(secret, 30) })
    expect(replaced.statusCode).toBe(200)
    expect(TwoFactorSetupAnswerSchema.parse(replaced.json()).secret).not.toBe(secret)
  })

  it('refuses a visitor', async () => {
    expect((await setup({})).statusCode).toBe(401)
    expect((await enable({}, '123456')).statusCode).toBe(401)
  })
})
