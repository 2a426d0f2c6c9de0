import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { renderApp } from '../../app/testing/render-app.tsx'
import { testUser } from '../../app/testing/test-user.ts'
import { apiRequest } from '../../lib/api-client.ts'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const unauthorized = () =>
  json(401, { code: 'UNAUTHENTICATED', message: 'Please log in to continue.', error: 'Please log in to continue.' })

/** Answers calls by "METHOD /path"; records every call. */
function serve(routes: Record<string, () => Response>) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const key = `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`
      calls.push(key)
      const answer = routes[key]
      if (!answer) throw new Error(`unexpected call ${key}`)
      return answer()
    }),
  )
  return calls
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' })

afterEach(() => vi.unstubAllGlobals())

describe('session (spec 4)', () => {
  it('signs the user in on load from GET /auth/me', async () => {
    serve({ 'GET /api/auth/me': () => json(200, { user: testUser({ fname: 'Dana', lname: 'Locke' }) }) })
    renderApp('/', { fetchSession: true })
    expect(await screen.findByText('Dana Locke')).toBeInTheDocument()
    expect(within(mainNav()).getByRole('link', { name: 'Cart' })).toBeInTheDocument()
  })

  it('treats a failed GET /auth/me as a visitor without sending them to /login', async () => {
    const calls = serve({ 'GET /api/auth/me': unauthorized, 'POST /api/auth/refresh': unauthorized })
    const { router } = renderApp('/pricing', { fetchSession: true })
    expect(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Sign up' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/pricing')
    expect(calls).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh'])
  })

  it('restores the session through one refresh when the access cookie has expired', async () => {
    let meCalls = 0
    serve({
      'GET /api/auth/me': () => (++meCalls === 1 ? unauthorized() : json(200, { user: testUser({ fname: 'Rita' }) })),
      'POST /api/auth/refresh': () => json(200, {}),
    })
    renderApp('/', { fetchSession: true })
    expect(await screen.findByText('Rita Locke')).toBeInTheDocument()
  })

  it('logs out through the server and shows visitor links on home', async () => {
    const calls = serve({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) })
    const { router } = renderApp('/profile', { user: testUser() })
    await userEvent.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Logout' })[0] as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(calls).toEqual(['POST /api/auth/logout'])
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(screen.queryByText('Dana Locke')).toBeNull()
  })

  it('sends the user to /login when a call fails with 401 and the refresh fails too', async () => {
    serve({ 'GET /api/user/orders': unauthorized, 'POST /api/auth/refresh': unauthorized })
    const { router } = renderApp('/profile', { user: testUser() })
    await screen.findByRole('heading', { level: 1, name: 'Profile' })
    await act(() => apiRequest('/user/orders', { schema: z.unknown() }).catch(() => undefined))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile')
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeInTheDocument()
    expect(within(mainNav()).getByRole('link', { name: 'Sign up' })).toBeInTheDocument()
  })
})
