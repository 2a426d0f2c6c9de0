import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError } from '../../../test/expect-field-error.ts'
import { errorAnswer, fakeApi, jsonAnswer, networkFailure } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

afterEach(() => vi.unstubAllGlobals())

async function choosePassword(password: string, confirmation: string) {
  await userEvent.type(screen.getByLabelText('New password'), password)
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation)
  await userEvent.click(screen.getByRole('button', { name: 'Update Password' }))
}

describe('reset password screen (docs/product.md, "Screens and routes (web)")', () => {
  it('shows Invalid Reset Link without a token', async () => {
    await renderApp('/reset-password')
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid reset link. Please request a new password reset.')
    expect(screen.queryByLabelText('New password')).toBeNull()
  })

  it('needs at least 6 characters', async () => {
    const calls = fakeApi({})
    await renderApp('/reset-password?token=abc')
    await choosePassword('12345', '12345')
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('marks the new password with its own message on an empty submit and focuses it', async () => {
    fakeApi({})
    await renderApp('/reset-password?token=abc')
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }))
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus())
    expectFieldError('New password', 'Password is required')
  })

  it('needs a matching confirmation', async () => {
    await renderApp('/reset-password?token=abc')
    await choosePassword('new-secret', 'new-secreT')
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
  })

  it('sends token and newPassword, shows the success text, then goes to /login after 2 seconds', async () => {
    const calls = fakeApi({ 'POST /api/auth/reset-password/confirm': () => jsonAnswer(200, { message: 'ok' }) })
    const { router } = await renderApp('/reset-password?token=abc123')
    await choosePassword('new-secret', 'new-secret')
    expect(await screen.findByText('Password updated successfully! Redirecting to login...')).toBeInTheDocument()
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ token: 'abc123', newPassword: 'new-secret' })
    const shownAt = Date.now()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 })
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900)
  })

  it("shows 'Failed to update password' with the server's reason for a used or expired token", async () => {
    fakeApi({ 'POST /api/auth/reset-password/confirm': () => errorAnswer(400, 'This reset link is invalid or has expired.') })
    await renderApp('/reset-password?token=used')
    await choosePassword('new-secret', 'new-secret')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to update password')
    expect(alert).toHaveTextContent('This reset link is invalid or has expired.')
  })

  it("shows 'Error updating password. Please try again.' when the server cannot be reached", async () => {
    fakeApi({ 'POST /api/auth/reset-password/confirm': networkFailure })
    await renderApp('/reset-password?token=abc')
    await choosePassword('new-secret', 'new-secret')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating password. Please try again.')
  })
})
