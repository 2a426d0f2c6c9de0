import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { apiRequest } from '../../lib/api-client.ts'
import { errorAnswer, fakeApi, jsonAnswer } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { testUser } from '../../test/test-user.ts'
import { hasSessionHint, setSessionHint } from './session-hint.ts'

const unauthorized = () => errorAnswer(401, 'Please log in to continue.', 'UNAUTHENTICATED')
const mainNav = () => screen.getByRole('navigation', { name: 'Main' })

afterEach(() => {
  vi.unstubAllGlobals()
  setSessionHint(false)
})

describe('session (docs/product.md, "Accounts, sign-up, sign-in, sessions, two-factor")', () => {
  it('asks nothing on load when this browser has not signed in', async () => {
    const calls = fakeApi({})
    await renderApp('/register', { fetchSession: true })
    expect(await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(calls.filter((call) => call.key.includes('/api/auth/'))).toEqual([])
  })

  it('signs the user in on load from GET /auth/me', async () => {
    setSessionHint(true)
    fakeApi({ 'GET /api/auth/me': () => jsonAnswer(200, { user: testUser({ fname: 'Dana', lname: 'Locke' }) }) })
    await renderApp('/', { fetchSession: true })
    expect(await screen.findByText('Dana Locke')).toBeInTheDocument()
    expect(within(mainNav()).getByRole('link', { name: 'Cart' })).toBeInTheDocument()
  })

  it('treats a failed GET /auth/me as a visitor without sending them to /login', async () => {
    setSessionHint(true)
    const calls = fakeApi({ 'GET /api/auth/me': unauthorized, 'POST /api/auth/refresh': unauthorized })
    const { router } = await renderApp('/register', { fetchSession: true })
    expect(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Sign up' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(calls.map((call) => call.key)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh'])
    expect(hasSessionHint()).toBe(false)
  })

  it('restores the session through one refresh when the access cookie has expired', async () => {
    setSessionHint(true)
    let meCalls = 0
    fakeApi({
      'GET /api/auth/me': () => (++meCalls === 1 ? unauthorized() : jsonAnswer(200, { user: testUser({ fname: 'Rita' }) })),
      'POST /api/auth/refresh': () => jsonAnswer(200, {}),
    })
    await renderApp('/', { fetchSession: true })
    expect(await screen.findByText('Rita Locke')).toBeInTheDocument()
  })

  it('logs out through the server and shows visitor links on home', async () => {
    setSessionHint(true)
    const calls = fakeApi({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) })
    const { router } = await renderApp('/profile', { user: testUser() })
    await userEvent.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Logout' })[0] as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(calls.filter((call) => call.key === 'POST /api/auth/logout')).toHaveLength(1)
    expect(screen.queryByText('Dana Locke')).toBeNull()
    expect(hasSessionHint()).toBe(false)
  })

  it('stops the calls still in flight before it signs out, so none reaches the server once the session is gone', async () => {
    setSessionHint(true)
    const order: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        const key = `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`
        order.push(key)
        if (key === 'POST /api/auth/logout') return Promise.resolve(new Response(null, { status: 204 }))
        return new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => {
            order.push(`stopped ${key}`)
            reject(init.signal?.reason)
          }),
        )
      }),
    )
    await renderApp('/profile', { user: testUser() })
    await waitFor(() => expect(order).toContain('GET /api/trial/status'))
    await userEvent.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Logout' })[0] as HTMLElement)
    await waitFor(() => expect(order).toContain('POST /api/auth/logout'))
    const stopped = order.indexOf('stopped GET /api/trial/status')
    expect(stopped).toBeGreaterThan(-1)
    expect(stopped).toBeLessThan(order.indexOf('POST /api/auth/logout'))
  })

  it('shows a visitor while the server is still ending the session, so the next page makes no signed-in call', async () => {
    setSessionHint(true)
    let endSession: (response: Response) => void = () => undefined
    const calls = fakeApi({
      'POST /api/auth/logout': () => new Promise<Response>((resolve) => (endSession = resolve)),
    })
    const { router } = await renderApp('/profile', { user: testUser() })
    await userEvent.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Logout' })[0] as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument()
    const sentDuringLogout = calls.slice(calls.findIndex((call) => call.key === 'POST /api/auth/logout') + 1)
    expect(sentDuringLogout).toEqual([])
    act(() => endSession(new Response(null, { status: 204 })))
  })

  it('sends the user to /login when a call fails with 401 and the refresh fails too', async () => {
    fakeApi({ 'GET /api/user/orders': unauthorized, 'POST /api/auth/refresh': unauthorized })
    const { router } = await renderApp('/profile', { user: testUser(), visits: ['/login'] })
    await screen.findByRole('heading', { level: 1, name: 'Profile' })
    await act(() => apiRequest('/user/orders', { schema: z.unknown() }).catch(() => undefined))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile')
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeInTheDocument()
    expect(within(mainNav()).getByRole('link', { name: 'Sign up' })).toBeInTheDocument()
  })

  it("says why on the sign-in page when the signed-in page's own call finds the session ended from another device", async () => {
    const endedElsewhere = () => errorAnswer(401, SESSION_END_MESSAGES.ENDED_ELSEWHERE, 'UNAUTHENTICATED')
    fakeApi({ 'GET /api/user/orders': unauthorized, 'POST /api/auth/refresh': endedElsewhere })
    const { router } = await renderApp('/profile?tab=orders', { user: testUser() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByText(SESSION_END_MESSAGES.ENDED_ELSEWHERE)).toBeInTheDocument()
  })
})
