import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError } from '../../../test/expect-field-error.ts'
import { errorAnswer, fakeApi, jsonAnswer, networkFailure } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'
import { hasSessionHint, setSessionHint } from '../../session/session-hint.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  setSessionHint(false)
})

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email)
  await userEvent.type(screen.getByLabelText('Password'), password)
  await userEvent.click(screen.getByRole('button', { name: 'Login' }))
}

const answerWith = (role: 'BASEUSER' | 'ADMIN' | 'SUPER_ADMIN') => () =>
  jsonAnswer(200, { user: testUser({ role, fname: 'Dana', lname: 'Locke' }), accessToken: 'token' })

describe('login screen (docs/product.md, "Screens and routes (web)")', () => {
  it('requires email and password before calling the server', async () => {
    const calls = fakeApi({})
    await renderApp('/login')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('marks email and password with their own messages and focuses the email', async () => {
    fakeApi({})
    await renderApp('/login')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus())
    expectFieldError('Email', 'Email is required')
    expectFieldError('Password', 'Password is required')
  })

  it('sends the email trimmed and lowercased and the password trimmed, form-urlencoded', async () => {
    const calls = fakeApi({ 'POST /api/auth/login': answerWith('BASEUSER') })
    await renderApp('/login')
    await signIn('  Dana@Locke.Example ', ' secret-pass ')
    // A signed-in business user's shell then asks for the trial status; only the login call matters here.
    const logins = () => calls.filter((call) => call.key === 'POST /api/auth/login')
    await waitFor(() => expect(logins()).toHaveLength(1))
    const body = logins()[0]?.body
    expect(body).toBeInstanceOf(URLSearchParams)
    expect(Object.fromEntries(body as URLSearchParams)).toEqual({ email: 'dana@locke.example', password: 'secret-pass' })
  })

  it('sends a business user home and shows their name', async () => {
    fakeApi({ 'POST /api/auth/login': answerWith('BASEUSER') })
    const { router } = await renderApp('/login')
    await signIn('dana@locke.example', 'secret-pass')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.getByText('Dana Locke')).toBeInTheDocument()
  })

  it('remembers the sign-in so the next page load asks for the session', async () => {
    fakeApi({ 'POST /api/auth/login': answerWith('BASEUSER') })
    await renderApp('/login')
    await signIn('dana@locke.example', 'secret-pass')
    await waitFor(() => expect(hasSessionHint()).toBe(true))
  })

  it('sends a business user back to the local page of the redirect parameter', async () => {
    fakeApi({ 'POST /api/auth/login': answerWith('BASEUSER') })
    const { router } = await renderApp('/login?redirect=%2Fprofile')
    await signIn('dana@locke.example', 'secret-pass')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
  })

  it('sends an admin to /admin', async () => {
    fakeApi({ 'POST /api/auth/login': answerWith('ADMIN') })
    const { router } = await renderApp('/login?redirect=%2Fcart')
    await signIn('ada@keydesk.example', 'secret-pass')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
  })

  it('sends a super admin to /super-admin', async () => {
    fakeApi({ 'POST /api/auth/login': answerWith('SUPER_ADMIN') })
    const { router } = await renderApp('/login')
    await signIn('root@keydesk.example', 'secret-pass')
    await waitFor(() => expect(router.state.location.pathname).toBe('/super-admin'))
  })

  it("shows 'Login failed.' followed by the server text", async () => {
    fakeApi({ 'POST /api/auth/login': () => errorAnswer(401, 'Invalid email or password.') })
    const { router } = await renderApp('/login')
    await signIn('dana@locke.example', 'wrong')
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Invalid email or password.')
    expect(router.state.location.pathname).toBe('/login')
  })

  it('links to sign up and to admin access', async () => {
    await renderApp('/login')
    const main = within(screen.getByRole('main'))
    expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
    expect(main.getByRole('link', { name: 'Admin access' })).toHaveAttribute('href', '/admin-login')
  })
})

describe('Forgot Password panel (docs/product.md, "Screens and routes (web)")', () => {
  async function openPanel() {
    await userEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }))
  }

  it('asks for the email address first', async () => {
    const calls = fakeApi({})
    await renderApp('/login')
    await openPanel()
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('sends the reset e-mail request as JSON and confirms it', async () => {
    const calls = fakeApi({ 'POST /api/auth/reset-password': () => jsonAnswer(200, { message: 'ok' }) })
    await renderApp('/login')
    await openPanel()
    await userEvent.type(screen.getByLabelText('Email for the reset link'), ' Dana@Locke.Example')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Password reset email sent! Check your inbox.')).toBeInTheDocument()
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ email: 'dana@locke.example' })
  })

  it("shows 'Failed to send reset email' with the server's error", async () => {
    fakeApi({ 'POST /api/auth/reset-password': () => errorAnswer(429, 'Too many attempts. Please wait a moment and try again.') })
    await renderApp('/login')
    await openPanel()
    await userEvent.type(screen.getByLabelText('Email for the reset link'), 'dana@locke.example')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to send reset email')
    expect(alert).toHaveTextContent('Too many attempts. Please wait a moment and try again.')
  })

  it("shows 'Error sending reset email. Please try again.' when the server cannot be reached", async () => {
    fakeApi({ 'POST /api/auth/reset-password': networkFailure })
    await renderApp('/login')
    await openPanel()
    await userEvent.type(screen.getByLabelText('Email for the reset link'), 'dana@locke.example')
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error sending reset email. Please try again.')
  })

  it('asks for the authenticator code when the account has two-factor on, then sends it', async () => {
    let attempt = 0
    const calls = fakeApi({
      'POST /api/auth/login': () => {
        attempt += 1
        return attempt === 1
          ? jsonAnswer(401, { code: 'TWO_FACTOR_REQUIRED', message: 'Enter the code', error: 'Enter the code' })
          : answerWith('BASEUSER')()
      },
    })
    await renderApp('/login')
    await signIn('dana@locke.example', 'secret-pass')
    const code = await screen.findByLabelText('Authentication code')
    await userEvent.type(code, '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    const logins = () => calls.filter((call) => call.key === 'POST /api/auth/login')
    await waitFor(() => expect(logins()).toHaveLength(2))
    expect(Object.fromEntries(logins()[1]?.body as URLSearchParams)).toMatchObject({ code: '123456' })
  })

  it('shows the code step as a calm prompt with focus in the code field, not as a failed sign-in', async () => {
    fakeApi({
      'POST /api/auth/login': () => jsonAnswer(401, { code: 'TWO_FACTOR_REQUIRED', message: 'Enter the code', error: 'Enter the code' }),
    })
    await renderApp('/login')
    await signIn('dana@locke.example', 'secret-pass')
    const code = await screen.findByLabelText('Authentication code')
    await waitFor(() => expect(code).toHaveFocus())
    expect(screen.getByText('Enter the 6-digit code from your authenticator app (or a recovery code).')).toBeInTheDocument()
    expect(screen.queryByText(/Login failed/)).not.toBeInTheDocument()
  })
})
