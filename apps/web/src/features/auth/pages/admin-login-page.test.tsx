import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

async function signIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@keydesk.example')
  await userEvent.type(screen.getByLabelText('Password'), 'secret-pass')
  await userEvent.click(screen.getByRole('button', { name: 'Admin Login' }))
}

const loginAs = (role: 'BASEUSER' | 'ADMIN' | 'SUPER_ADMIN') => () => jsonAnswer(200, { user: testUser({ role }), accessToken: 'token' })

describe('admin login screen (docs/product.md, "Screens and routes (web)")', () => {
  it('sends an ADMIN to /admin', async () => {
    fakeApi({ 'POST /api/auth/login': loginAs('ADMIN') })
    const { router } = await renderApp('/admin-login')
    await signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
  })

  it('sends a SUPER_ADMIN to /super-admin', async () => {
    fakeApi({ 'POST /api/auth/login': loginAs('SUPER_ADMIN') })
    const { router } = await renderApp('/admin-login')
    await signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/super-admin'))
  })

  it('denies a business user, signs them out again and stays on /admin-login', async () => {
    const calls = fakeApi({
      'POST /api/auth/login': loginAs('BASEUSER'),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    })
    const { router } = await renderApp('/admin-login')
    await signIn()
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Admin privileges required.')
    // The sign-out imports its answer's schema first, so the page may ask for the business user's trial status before
    // it ends, as it may with a real server's round trip.
    const signInAndOut = () => calls.map((call) => call.key).filter((key) => key !== 'GET /api/trial/status')
    await waitFor(() => expect(signInAndOut()).toEqual(['POST /api/auth/login', 'POST /api/auth/logout']))
    expect(router.state.location.pathname).toBe('/admin-login')
  })

  it("shows 'Admin login failed.' followed by the reason", async () => {
    fakeApi({ 'POST /api/auth/login': () => errorAnswer(403, 'Your admin account is pending super admin approval.') })
    await renderApp('/admin-login')
    await signIn()
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin login failed. Your admin account is pending super admin approval.')
  })

  it('sends a signed-in ADMIN straight to /admin', async () => {
    const { router } = await renderApp('/admin-login', { user: testUser({ role: 'ADMIN' }) })
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
  })

  it('sends a signed-in SUPER_ADMIN straight to /super-admin', async () => {
    const { router } = await renderApp('/admin-login', { user: testUser({ role: 'SUPER_ADMIN' }) })
    await waitFor(() => expect(router.state.location.pathname).toBe('/super-admin'))
  })

  it('shows a signed-in business user the access-denied alert', async () => {
    const { router } = await renderApp('/admin-login', { user: testUser({ role: 'BASEUSER' }) })
    expect(screen.getByRole('alert')).toHaveTextContent('Access denied. Admin privileges required.')
    expect(router.state.location.pathname).toBe('/admin-login')
  })
})
