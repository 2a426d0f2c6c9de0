import { eq } from 'drizzle-orm'
import { DEV_SUPER_ADMIN } from '../config.ts'
import { mailOutbox } from '../db/schema/mail.ts'
import { users } from '../db/schema/users.ts'
import { digest, newOpaqueToken } from '../lib/opaque-tokens.ts'
import { insertResetToken } from '../modules/accounts/auth/repository.ts'
import { hashPassword } from '../modules/accounts/members/passwords.ts'
import { openBodies } from '../modules/platform/mail/outbox.ts'
import { pngImage } from './images.ts'
import type { TestApp } from './test-app.ts'

let counter = 0
/** Each simulated visitor comes from its own address, so per-IP rate limits do not add up across tests. */
export const uniqueIp = () => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${++counter & 255}`
export const uniqueEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.com`
export const GOOD_PASSWORD = 'Lockpick-Lantern-42'

/** A multipart business sign-up with four real images; `overrides` replaces fields or files. */
export async function registrationForm(fields: Record<string, string> = {}, files: Record<string, Blob | null> = {}) {
  const form = new FormData()
  const values = {
    fname: 'Lena',
    lname: 'Locksmith',
    email: uniqueEmail('user'),
    phone: '555-0100',
    password: GOOD_PASSWORD,
    state: 'Texas',
    ...fields,
  }
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  const image = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' })
  for (const name of ['frontId', 'backId', 'businessDocument', 'coi']) {
    const file = name in files ? files[name] : image
    if (file) form.append(name, file, `${name}.png`)
  }
  return { form, email: values.email, password: values.password }
}

export interface SignedIn {
  id: string
  email: string
  password: string
  cookies: Record<string, string>
  /** `cookie` header carrying the access token, for inject. */
  headers: { cookie: string }
}

/** The session (one sign-in on one device, decision 022) a signed-in client's access token belongs to. */
export function sessionIdOf(session: SignedIn): string {
  const payload = JSON.parse(Buffer.from((session.cookies.access_token ?? '').split('.')[1] ?? '', 'base64url').toString('utf8'))
  if (typeof payload.sid !== 'string') throw new Error('the access token carries no session id')
  return payload.sid
}

export async function signIn(testApp: TestApp, email: string, password: string): Promise<SignedIn> {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: uniqueIp(),
  })
  if (answer.statusCode !== 200) throw new Error(`sign-in failed ${answer.statusCode}: ${answer.body}`)
  const cookies = Object.fromEntries(answer.cookies.map((cookie) => [cookie.name, cookie.value]))
  return { id: answer.json().user.id, email, password, cookies, headers: { cookie: `access_token=${cookies.access_token}` } }
}

/**
 * Signs these accounts in again, in place, at the app clock's time. Access tokens expire on that clock, so a test
 * that moves it past their 15 minutes signs in again before calling on, as a client would.
 */
export async function signInAgain(testApp: TestApp, ...accounts: SignedIn[]) {
  for (const account of accounts) Object.assign(account, await signIn(testApp, account.email, account.password))
}

export async function registerAndSignIn(testApp: TestApp, fields: Record<string, string> = {}): Promise<SignedIn> {
  const { form, email, password } = await registrationForm(fields)
  const answer = await testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload: form, remoteAddress: uniqueIp() })
  if (answer.statusCode !== 201) throw new Error(`registration failed ${answer.statusCode}: ${answer.body}`)
  return signIn(testApp, email, password)
}

export const signInAsBootstrapSuperAdmin = (testApp: TestApp) => signIn(testApp, DEV_SUPER_ADMIN.email, DEV_SUPER_ADMIN.password)

/** An approved admin, signed in. */
export async function signedInAdmin(testApp: TestApp, role: 'ADMIN' | 'SUPER_ADMIN' = 'ADMIN'): Promise<SignedIn> {
  const email = uniqueEmail('admin')
  await testApp.app.database.db.insert(users).values({
    email,
    passwordHash: await hashPassword(GOOD_PASSWORD),
    fname: 'Ada',
    lname: 'Admin',
    role,
    adminApproval: 'APPROVED',
  })
  return signIn(testApp, email, GOOD_PASSWORD)
}

/** Sets a new password through the reset link's confirmation, as a member who got the e-mail does; answers the call. */
export async function resetPassword(testApp: TestApp, userId: string, newPassword: string) {
  const token = newOpaqueToken()
  await insertResetToken(testApp.app.database.db, { userId, tokenHash: digest(token), expiresAt: new Date(Date.now() + 60_000) })
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password/confirm',
    payload: { token, newPassword },
    remoteAddress: uniqueIp(),
  })
}

/**
 * The enrolment proof of an admin without a factor under REQUIRE_ADMIN_2FA (decision 025): asks for a mailed code with
 * the password, reads it from the outbox, and answers the proof to send.
 */
export async function mailedCodeProof(testApp: TestApp, account: SignedIn): Promise<{ currentPassword: string; mailedCode: string }> {
  const sent = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/security/enrolment-code',
    headers: account.headers,
    payload: { currentPassword: account.password },
  })
  if (sent.statusCode !== 200) throw new Error(`enrolment code refused ${sent.statusCode}: ${sent.body}`)
  const mails = await testApp.app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, account.email))
    .orderBy(mailOutbox.createdAt)
  const mailedCode = mails
    .map((mail) => /Code:?\s*(\d{8})/.exec(openBodies(mail, testApp.app.secretKey).text)?.[1])
    .filter(Boolean)
    .at(-1)
  if (!mailedCode) throw new Error('no enrolment code mail')
  return { currentPassword: account.password, mailedCode }
}
