import type { AddressInfo } from 'node:net'
import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { TIME_ZONE_HEADER } from '@keydesk/contracts/session-place'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../../db/schema/accounts.ts'
import { GOOD_PASSWORD, registerAndSignIn, resetPassword, type SignedIn, sessionIdOf, signIn, uniqueIp } from '../../../test/accounts.ts'
import { type OpenStream, openStream } from '../../../test/event-stream.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'
import { sweepSessions } from './service.ts'

/**
 * Sessions per device (docs/product.md, 'Sessions'; decision 022): each sign-in is one session; logging out, or
 * signing a session out from another device, ends that one only, its access token and its streams at once.
 */
let testApp: TestApp
let base: string
const clock = testClock()

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await testApp.close()
})

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36'

const me = (session: SignedIn) => testApp.app.inject({ url: '/api/auth/me', headers: session.headers })
const refresh = (session: SignedIn) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refresh_token: session.cookies.refresh_token ?? '' } })
const list = (session: SignedIn) => testApp.app.inject({ url: '/api/user/sessions', headers: session.headers })
const end = (session: SignedIn, id: string) =>
  testApp.app.inject({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers: session.headers })
const signOutOthers = (session: SignedIn) =>
  testApp.app.inject({ method: 'POST', url: '/api/user/sessions/sign-out-others', headers: session.headers })
const statusStream = (session: SignedIn) => openStream(base, session.headers, '/api/vehicle/user-requests/stream')

/** A sign-in from a phone's browser, at a known address. */
async function signInFromPhone(email: string, address: string, timeZone = 'America/Toronto'): Promise<SignedIn> {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: GOOD_PASSWORD },
    headers: { 'user-agent': ANDROID_CHROME, [TIME_ZONE_HEADER]: timeZone },
    remoteAddress: address,
  })
  expect(answer.statusCode).toBe(200)
  const cookies = Object.fromEntries(answer.cookies.map((cookie) => [cookie.name, cookie.value]))
  return { id: answer.json().user.id, email, password: GOOD_PASSWORD, cookies, headers: { cookie: `access_token=${cookies.access_token}` } }
}

/** Resolves true when the stream ends within `limitMs`, false when it is still open then. */
const closesWithin = (stream: OpenStream, limitMs: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), limitMs))])

describe('GET /user/sessions', () => {
  it('keeps no place a sign-in gave that is not a time zone name', async () => {
    const laptop = await registerAndSignIn(testApp)
    const phone = await signInFromPhone(laptop.email, uniqueIp(), '<img src=x>')
    const listed = (await list(phone)).json() as { current: boolean; timeZone: string | null }[]
    expect(listed.find((row) => row.current)?.timeZone).toBeNull()
  })

  it('lists the open sessions of the account with their device, address and times, this one marked current', async () => {
    const laptop = await registerAndSignIn(testApp)
    const address = uniqueIp()
    const phone = await signInFromPhone(laptop.email, address)
    const answer = await list(phone)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    const listed = answer.json() as {
      id: string
      device: string
      ipAddress: string
      timeZone: string | null
      current: boolean
      startedAt: string
      lastSeenAt: string
    }[]
    expect(listed.map((row) => row.id).sort()).toEqual([sessionIdOf(laptop), sessionIdOf(phone)].sort())
    const thisOne = listed.find((row) => row.current)
    expect(thisOne).toMatchObject({ id: sessionIdOf(phone), device: 'Chrome on Android', ipAddress: address, timeZone: 'America/Toronto' })
    // A sign-in that told no time zone has no place.
    expect(listed.find((row) => !row.current)).toMatchObject({ timeZone: null })
    expect(thisOne?.lastSeenAt).toBe(thisOne?.startedAt)
    expect(listed.filter((row) => row.current)).toHaveLength(1)
  })

  it('keeps the session through a refresh: the same id, last seen moved', async () => {
    const member = await registerAndSignIn(testApp)
    const before = sessionIdOf(member)
    clock.advance(60_000)
    const renewed = await refresh(member)
    expect(renewed.statusCode).toBe(200)
    const accessToken = renewed.cookies.find((cookie) => cookie.name === 'access_token')?.value ?? ''
    const after = {
      ...member,
      cookies: { ...member.cookies, access_token: accessToken },
      headers: { cookie: `access_token=${accessToken}` },
    }
    expect(sessionIdOf(after)).toBe(before)
    const [row] = (await list(after)).json()
    expect(row.id).toBe(before)
    expect(new Date(row.lastSeenAt).getTime()).toBeGreaterThan(new Date(row.startedAt).getTime())
  })

  it('needs a session', async () => {
    expect((await testApp.app.inject({ url: '/api/user/sessions' })).statusCode).toBe(401)
  })
})

describe('logging out on one device', () => {
  it('ends that session only: its access token and refresh token stop at once, the other session goes on', async () => {
    const first = await registerAndSignIn(testApp)
    const second = await signIn(testApp, first.email, GOOD_PASSWORD)
    const logout = await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: first.cookies })
    expect(logout.statusCode).toBe(200)
    expect((await me(first)).statusCode).toBe(401)
    const refused = await refresh(first)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toBe(SESSION_END_MESSAGES.SIGNED_OUT)
    expect((await me(second)).statusCode).toBe(200)
    expect((await refresh(second)).statusCode).toBe(200)
    expect((await list(second)).json().map((row: { id: string }) => row.id)).toEqual([sessionIdOf(second)])
  })

  it('closes the streams of that session and leaves those of the other session open', async () => {
    const first = await registerAndSignIn(testApp)
    const second = await signIn(testApp, first.email, GOOD_PASSWORD)
    const ending = await statusStream(first)
    const staying = await statusStream(second)
    expect([ending.status, staying.status]).toEqual([200, 200])
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: first.cookies })
    expect(await closesWithin(ending, 2000)).toBe(true)
    expect(await closesWithin(staying, 300)).toBe(false)
    staying.close()
  })
})

describe('DELETE /user/sessions/:id', () => {
  it('signs another session of the account out: its token stops at once and its stream closes', async () => {
    const laptop = await registerAndSignIn(testApp)
    const phone = await signIn(testApp, laptop.email, GOOD_PASSWORD)
    const stream = await statusStream(phone)
    expect(stream.status).toBe(200)
    const answer = await end(laptop, sessionIdOf(phone))
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: 'That session is signed out.' })
    expect((await me(phone)).statusCode).toBe(401)
    const refused = await refresh(phone)
    expect(refused.statusCode).toBe(401)
    // The phone's sign-in page can say why: signed out from another device.
    expect(refused.json().message).toBe(SESSION_END_MESSAGES.ENDED_ELSEWHERE)
    expect(await closesWithin(stream, 2000)).toBe(true)
    expect((await me(laptop)).statusCode).toBe(200)
  })

  it('answers 404 for a session of another account, which goes on', async () => {
    const owner = await registerAndSignIn(testApp)
    const stranger = await registerAndSignIn(testApp)
    const answer = await end(stranger, sessionIdOf(owner))
    expect(answer.statusCode).toBe(404)
    expect((await me(owner)).statusCode).toBe(200)
    expect((await end(stranger, crypto.randomUUID())).statusCode).toBe(404)
  })

  it('answers 404 for a session already ended', async () => {
    const laptop = await registerAndSignIn(testApp)
    const phone = await signIn(testApp, laptop.email, GOOD_PASSWORD)
    expect((await end(laptop, sessionIdOf(phone))).statusCode).toBe(200)
    expect((await end(laptop, sessionIdOf(phone))).statusCode).toBe(404)
  })
})

describe('POST /user/sessions/sign-out-others', () => {
  it('ends every other session of the account and keeps this one', async () => {
    const laptop = await registerAndSignIn(testApp)
    const phone = await signIn(testApp, laptop.email, GOOD_PASSWORD)
    const tablet = await signIn(testApp, laptop.email, GOOD_PASSWORD)
    const bystander = await registerAndSignIn(testApp)
    const stream = await statusStream(tablet)
    const answer = await signOutOthers(laptop)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ message: 'Every other session is signed out.' })
    for (const ended of [phone, tablet]) {
      expect((await me(ended)).statusCode).toBe(401)
      const refused = await refresh(ended)
      expect(refused.statusCode).toBe(401)
      expect(refused.json().message).toBe(SESSION_END_MESSAGES.ENDED_ELSEWHERE)
    }
    expect(await closesWithin(stream, 2000)).toBe(true)
    expect((await me(laptop)).statusCode).toBe(200)
    expect((await list(laptop)).json().map((row: { id: string }) => row.id)).toEqual([sessionIdOf(laptop)])
    expect((await me(bystander)).statusCode).toBe(200)
  })
})

describe('ending every session', () => {
  it('a password reset ends every session of the account, and none is listed after', async () => {
    const laptop = await registerAndSignIn(testApp)
    const phone = await signIn(testApp, laptop.email, GOOD_PASSWORD)
    const confirm = await resetPassword(testApp, laptop.id, 'Brand-New-Pass-9')
    expect(confirm.statusCode).toBe(200)
    for (const session of [laptop, phone]) {
      expect((await me(session)).statusCode).toBe(401)
      const refused = await refresh(session)
      expect(refused.statusCode).toBe(401)
      expect(refused.json().message).toBe(SESSION_END_MESSAGES.ACCOUNT_CHANGED)
    }
    const open = await testApp.app.database.db.select().from(sessions).where(eq(sessions.userId, laptop.id))
    expect(open.every((row) => row.endedAt !== null)).toBe(true)
  })

  it('a refresh token presented twice ends its session, and the other sessions go on', async () => {
    const first = await registerAndSignIn(testApp)
    const second = await signIn(testApp, first.email, GOOD_PASSWORD)
    expect((await refresh(first)).statusCode).toBe(200)
    expect((await refresh(first)).statusCode).toBe(401)
    expect((await me(first)).statusCode).toBe(401)
    expect((await me(second)).statusCode).toBe(200)
  })
})

describe('the session sweep', () => {
  it('removes ended and expired sessions and keeps open ones', async () => {
    const member = await registerAndSignIn(testApp)
    const ended = await signIn(testApp, member.email, GOOD_PASSWORD)
    const expiring = await signIn(testApp, member.email, GOOD_PASSWORD)
    await end(member, sessionIdOf(ended))
    await testApp.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(sessions.id, sessionIdOf(expiring)))
    clock.advance(1000)
    expect(await sweepSessions(testApp.app)).toBeGreaterThanOrEqual(2)
    const left = await testApp.app.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.id))
    expect(left.map((row) => row.id)).toEqual([sessionIdOf(member)])
    expect((await me(member)).statusCode).toBe(200)
  })
})
