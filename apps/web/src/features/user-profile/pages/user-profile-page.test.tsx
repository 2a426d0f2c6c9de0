import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError } from '../../../test/expect-field-error.ts'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'
import { setSessionHint } from '../../session/session-hint.ts'

const user = testUser()
// The documented User at the top level of the answer, as the API sends it.
const details = {
  ...user,
  fname: 'Dana',
  lname: 'Locke',
  phone: '555-0100',
  state: 'Texas',
  frontId: null,
  backId: null,
  insurance: null,
  frontIdImage: null,
  backIdImage: null,
  insuranceImage: null,
}
const profileCall = `GET /api/auth/getUserProfile/${user.id}`
const failure = (status: number) => () => jsonAnswer(status, { code: 'X', message: 'x', error: 'x' })

afterEach(() => {
  vi.unstubAllGlobals()
  setSessionHint(false)
})

describe('/user-profile', () => {
  it("loads the signed-in user's details into the form", async () => {
    fakeApi({ [profileCall]: () => jsonAnswer(200, details) })
    await renderApp('/user-profile', { user })
    expect(await screen.findByLabelText('First name')).toHaveValue('Dana')
    expect(screen.getByLabelText('State or province (optional)')).toHaveValue('Texas')
  })

  it('shows the load failure text with a retry', async () => {
    fakeApi({ [profileCall]: failure(500) })
    await renderApp('/user-profile', { user })
    expect(await screen.findByText(PROFILE_MESSAGES.loadUserProfileFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('sends an unknown user to /login with the documented text', async () => {
    fakeApi({ [profileCall]: failure(404) })
    const { router } = await renderApp('/user-profile', { user })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByText(PROFILE_MESSAGES.userNotFound)).toBeInTheDocument()
    // Signed out, so the sign-in page stays and keeps saying why.
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.getByText(PROFILE_MESSAGES.userNotFound)).toBeInTheDocument()
  })

  it('requires first and last name, phone optional', async () => {
    const calls = fakeApi({ [profileCall]: () => jsonAnswer(200, details) })
    await renderApp('/user-profile', { user })
    await userEvent.clear(await screen.findByLabelText('First name'))
    await userEvent.clear(screen.getByLabelText('Last name'))
    await userEvent.clear(screen.getByLabelText('Phone (optional)'))
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(screen.getByText('Last name is required')).toBeInTheDocument()
    expect(screen.queryByText(/Phone is required/)).toBeNull()
    // Nothing was sent: only the profile was read (the shell's trial status call aside).
    expect(calls.map((call) => call.key).filter((key) => key !== 'GET /api/trial/status')).toEqual([profileCall])
  })

  it('marks each cleared name with its own message and focuses the first', async () => {
    fakeApi({ [profileCall]: () => jsonAnswer(200, details) })
    await renderApp('/user-profile', { user })
    await userEvent.clear(await screen.findByLabelText('First name'))
    await userEvent.clear(screen.getByLabelText('Last name'))
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus())
    expectFieldError('First name', 'First name is required')
    expectFieldError('Last name', 'Last name is required')
  })

  it('refuses a non-image ID and an image over 5 MB with the documented texts', async () => {
    fakeApi({ [profileCall]: () => jsonAnswer(200, details) })
    await renderApp('/user-profile', { user })
    const user$ = userEvent.setup({ applyAccept: false })
    await user$.upload(
      await screen.findByLabelText('Government photo ID (front) (optional)'),
      new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }),
    )
    await user$.upload(
      screen.getByLabelText('Certificate of insurance (optional)'),
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    )
    await user$.click(screen.getByRole('button', { name: 'Update Profile' }))
    expect(await screen.findByText(UPLOAD_MESSAGES.imagesOnly)).toBeInTheDocument()
    expect(screen.getByText(UPLOAD_MESSAGES.tooLarge)).toBeInTheDocument()
  })

  it('sends fname, lname, phone, state and the chosen images as multipart and shows the success text', async () => {
    const calls = fakeApi({
      [profileCall]: () => jsonAnswer(200, details),
      'PUT /api/auth/updateProfile': () => jsonAnswer(200, { ok: true }),
      'GET /api/auth/me': () => jsonAnswer(200, { user }),
    })
    // This browser has signed in, so saving asks the server for the refreshed user (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Sessions).
    setSessionHint(true)
    await renderApp('/user-profile', { user })
    await userEvent.type(await screen.findByLabelText('First name'), 'lyn')
    await userEvent.upload(
      screen.getByLabelText('Government photo ID (back) (optional)'),
      new File(['png'], 'back.png', { type: 'image/png' }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    expect(await screen.findByText(PROFILE_MESSAGES.userDetailsUpdated)).toBeInTheDocument()
    const sent = calls.find((call) => call.key === 'PUT /api/auth/updateProfile')?.body as FormData
    expect(sent.get('fname')).toBe('Danalyn')
    expect(sent.get('lname')).toBe('Locke')
    expect(sent.get('phone')).toBe('555-0100')
    expect(sent.get('state')).toBe('Texas')
    expect((sent.get('backId') as File).name).toBe('back.png')
    expect(sent.has('frontId')).toBe(false)
  })

  it('shows the update failure text', async () => {
    fakeApi({ [profileCall]: () => jsonAnswer(200, details), 'PUT /api/auth/updateProfile': failure(500) })
    await renderApp('/user-profile', { user })
    await userEvent.click(await screen.findByRole('button', { name: 'Update Profile' }))
    expect(await screen.findByText(PROFILE_MESSAGES.updateUserProfileFailed)).toBeInTheDocument()
  })

  it('deletes the profile, logs out and lands on /login with the documented text', async () => {
    const calls = fakeApi({
      [profileCall]: () => jsonAnswer(200, details),
      'PUT /api/keycode-user/delete': () => jsonAnswer(200, { ok: true }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    })
    const { router } = await renderApp('/user-profile', { user })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete profile' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my profile' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(calls.map((call) => call.key)).toContain('POST /api/auth/logout')
    expect(await screen.findByText(ACCOUNT_CLOSING_MESSAGES.closed)).toBeInTheDocument()
  })

  it('shows the delete failure text and stays signed in', async () => {
    fakeApi({ [profileCall]: () => jsonAnswer(200, details), 'PUT /api/keycode-user/delete': failure(500) })
    const { router } = await renderApp('/user-profile', { user })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete profile' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my profile' }))
    expect(await screen.findByText(PROFILE_MESSAGES.deleteUserProfileFailed)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/user-profile')
  })

  it("asks a super admin for the password and shows the server's refusal of the last super admin", async () => {
    const superAdmin = { ...user, role: 'SUPER_ADMIN' as const }
    const calls = fakeApi({
      [profileCall]: () => jsonAnswer(200, { ...details, role: 'SUPER_ADMIN' }),
      'PUT /api/keycode-user/delete': () =>
        jsonAnswer(409, { code: 'CONFLICT', message: ACCOUNT_MESSAGES.lastSuperAdminDeletion, error: 'x' }),
    })
    const { router } = await renderApp('/user-profile', { user: superAdmin })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete profile' }))
    const yes = screen.getByRole('button', { name: 'Yes, delete my profile' })
    expect(yes).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Current password'), 'my-password')
    await userEvent.click(yes)
    expect(await screen.findByText(ACCOUNT_MESSAGES.lastSuperAdminDeletion)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'PUT /api/keycode-user/delete')?.body))).toEqual({
      currentPassword: 'my-password',
    })
    expect(router.state.location.pathname).toBe('/user-profile')
  })
})
