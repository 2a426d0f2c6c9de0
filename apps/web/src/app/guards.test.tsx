import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { paths } from '../lib/paths.ts'
import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { testUser } from '../test/test-user.ts'

// Pages behind these routes load their data; answer every call with a 404 instead of the network.
beforeEach(() => {
  fakeApi({})
})
afterEach(() => vi.unstubAllGlobals())

describe('route guards', () => {
  it('sends a visitor on a signed-in page to /login with the page as redirect', async () => {
    const { router } = await renderApp('/profile?tab=orders')
    await screen.findByRole('heading', { level: 1, name: 'Login' })
    expect(router.state.location.pathname).toBe(paths.login)
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile?tab=orders')
  })

  it('lets a signed-in user see a signed-in page', async () => {
    await renderApp(paths.profile, { user: testUser() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument()
  })

  it('sends a visitor on an admin page to /login', async () => {
    const { router } = await renderApp(paths.userHistory)
    await screen.findByRole('heading', { level: 1, name: 'Login' })
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(paths.userHistory)
  })

  it('asks a visitor on the admin dashboard to log in, with a link to the admin login', async () => {
    await renderApp(paths.admin)
    expect(await screen.findByText('Please log in to access the admin dashboard')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/admin-login')
  })

  it('sends a business user on an admin page home with the access message', async () => {
    const { router } = await renderApp(paths.registeredUsers, { user: testUser({ role: 'BASEUSER' }) })
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(paths.home)
  })

  it('lets an admin see the admin pages', async () => {
    await renderApp(paths.documentValidation, { user: testUser({ role: 'ADMIN' }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Validation' })).toBeInTheDocument()
  })

  it('keeps an admin out of the super admin dashboard', async () => {
    const { router } = await renderApp(paths.superAdmin, { user: testUser({ role: 'ADMIN' }) })
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(paths.home)
  })

  it('lets a super admin see the super admin dashboard and the admin pages', async () => {
    const { router } = await renderApp(paths.superAdmin, { user: testUser({ role: 'SUPER_ADMIN' }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeInTheDocument()
    await act(() => router.navigate(paths.userHistory))
    expect(await screen.findByRole('heading', { level: 1, name: 'User History' })).toBeInTheDocument()
  })

  it('sends a business user away from the keycode portals to home (docs/product.md, "Screens and routes (web)")', async () => {
    const { router } = await renderApp(paths.keycodes, { user: testUser() })
    await screen.findByText('Access denied. Admin privileges required.')
    expect(router.state.location.pathname).toBe(paths.home)
  })
})
