import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

let calls: string[]

beforeEach(() => {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(new URL(url, 'http://localhost').pathname)
      return new Response(
        JSON.stringify({ meta: { vsp_id: 'VSP-1' }, manufacturers: [{ id: 'ford', name: 'Ford', portal_url: 'https://f' }] }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      )
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('/keycodes guard', () => {
  it('sends a visitor to /login without loading the configuration', async () => {
    const { router } = await renderApp('/keycodes')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(calls).not.toContain('/api/keycode-portals.json')
  })

  it('sends a BASEUSER to / without loading the configuration', async () => {
    const { router } = await renderApp('/keycodes', { user: testUser() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(calls).not.toContain('/api/keycode-portals.json')
  })

  it('loads the configuration for an admin and shows the Admin badge', async () => {
    await renderApp('/keycodes', { user: testUser({ role: 'ADMIN' }) })
    expect(await screen.findByRole('heading', { name: 'Keycode Portals' })).toBeInTheDocument()
    expect(screen.getByText('VSP-1')).toBeInTheDocument()
    expect(screen.getByText('Admin', { selector: 'span' })).toBeInTheDocument()
    expect(calls).toContain('/api/keycode-portals.json')
  })

  it('shows the Super Admin badge for a super admin', async () => {
    await renderApp('/keycodes', { user: testUser({ role: 'SUPER_ADMIN' }) })
    expect(await screen.findByText('Super Admin', { selector: 'span' })).toBeInTheDocument()
  })
})
