import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { TIME_ZONE_HEADER } from '@keydesk/contracts/session-place'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, apiRequest, setSessionExpiredHandler } from './api-client.ts'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const unauthorized = () =>
  json(401, { code: 'UNAUTHENTICATED', message: 'Please log in to continue.', error: 'Please log in to continue.' })

type Answer = (url: string, init: RequestInit) => Response
let answers: Answer[]
let fetchMock: ReturnType<typeof vi.fn>
const onSessionExpired = vi.fn()
let uninstall: () => void

function calls(): { url: string; method: string }[] {
  return fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), method: (init as RequestInit).method ?? 'GET' }))
}

beforeEach(() => {
  answers = []
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const next = answers.shift()
    if (!next) throw new Error(`unexpected call ${init.method} ${url}`)
    return next(url, init)
  })
  vi.stubGlobal('fetch', fetchMock)
  onSessionExpired.mockReset()
  uninstall = setSessionExpiredHandler(onSessionExpired)
})

afterEach(() => {
  uninstall()
  vi.unstubAllGlobals()
})

const Orders = z.object({ orders: z.array(z.string()) })

describe('API client (docs/product.md, "Accounts, sign-up, sign-in, sessions, two-factor": the refresh)', () => {
  it('sends cookies with every call', async () => {
    answers.push(() => json(200, { orders: [] }))
    await apiRequest('/user/orders', { schema: Orders })
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' })
  })

  it('refreshes once on a 401 and replays the call', async () => {
    answers.push(
      unauthorized,
      () => json(200, {}),
      () => json(200, { orders: ['A1'] }),
    )
    await expect(apiRequest('/user/orders', { schema: Orders })).resolves.toEqual({ orders: ['A1'] })
    expect(calls()).toEqual([
      { url: '/api/user/orders', method: 'GET' },
      { url: '/api/auth/refresh', method: 'POST' },
      { url: '/api/user/orders', method: 'GET' },
    ])
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('replays a form body unchanged', async () => {
    const body = new FormData()
    body.set('fname', 'Dana')
    const sent: unknown[] = []
    answers.push(
      (_url, init) => {
        sent.push(init.body)
        return unauthorized()
      },
      () => json(200, {}),
      (_url, init) => {
        sent.push(init.body)
        return json(200, { orders: [] })
      },
    )
    await apiRequest('/user/profile', { method: 'PUT', body, schema: Orders })
    expect(sent).toEqual([body, body])
  })

  it('ends the session when the refresh fails', async () => {
    answers.push(unauthorized, unauthorized)
    await expect(apiRequest('/user/orders', { schema: Orders })).rejects.toMatchObject({ status: 401 })
    expect(calls()).toHaveLength(2)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it("tells the browser's time zone with a sign-in, and with nothing else", async () => {
    answers.push(
      () => json(200, {}),
      () => json(200, {}),
    )
    await apiRequest('/auth/login', { method: 'POST', body: new URLSearchParams({ email: 'a@b.c' }), schema: z.unknown() })
    await apiRequest('/user/orders', { schema: z.unknown() })
    const headersOf = (index: number) => ((fetchMock.mock.calls[index]?.[1] ?? {}) as RequestInit).headers as Record<string, string>
    expect(headersOf(0)[TIME_ZONE_HEADER]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(headersOf(1)[TIME_ZONE_HEADER]).toBeUndefined()
  })

  it("passes on the server's reason the session ended, so the sign-in page can say it", async () => {
    const signedOutElsewhere = SESSION_END_MESSAGES.ENDED_ELSEWHERE
    answers.push(unauthorized, () => json(401, { code: 'UNAUTHENTICATED', message: signedOutElsewhere, error: signedOutElsewhere }))
    await expect(apiRequest('/user/orders', { schema: Orders })).rejects.toMatchObject({ status: 401 })
    expect(onSessionExpired).toHaveBeenCalledWith(signedOutElsewhere)
  })

  it('does not end the session for a call that expects visitors', async () => {
    answers.push(unauthorized, unauthorized)
    await expect(apiRequest('/auth/me', { schema: z.unknown(), onUnauthorized: 'silent' })).rejects.toBeInstanceOf(ApiError)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it.each(['/auth/login', '/auth/register', '/auth/admin-register', '/auth/refresh'])('never refreshes for %s', async (path) => {
    answers.push(unauthorized)
    await expect(apiRequest(path, { method: 'POST', schema: z.unknown() })).rejects.toMatchObject({ status: 401 })
    expect(calls()).toHaveLength(1)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('shares one refresh between calls that fail together', async () => {
    answers.push(
      unauthorized,
      unauthorized,
      () => json(200, {}),
      () => json(200, { orders: ['A'] }),
      () => json(200, { orders: ['B'] }),
    )
    const [first, second] = await Promise.all([
      apiRequest('/user/orders', { schema: Orders }),
      apiRequest('/user/orders?page=2', { schema: Orders }),
    ])
    expect([first, second]).toEqual([{ orders: ['A'] }, { orders: ['B'] }])
    expect(calls().filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1)
  })

  it('gives the server text of an error answer', async () => {
    answers.push(() => json(400, { code: 'BAD_REQUEST', message: 'Email is invalid', error: 'Email is invalid' }))
    await expect(apiRequest('/auth/login', { method: 'POST', schema: z.unknown() })).rejects.toMatchObject({
      status: 400,
      message: 'Email is invalid',
    })
  })

  it('gives the text of a failure answered as plain text (registration, docs/product.md, "Accounts and sessions")', async () => {
    answers.push(
      () =>
        new Response('An account with this email already exists.', {
          status: 409,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        }),
    )
    await expect(apiRequest('/auth/register', { method: 'POST', schema: z.unknown() })).rejects.toMatchObject({
      status: 409,
      message: 'An account with this email already exists.',
    })
  })
})
