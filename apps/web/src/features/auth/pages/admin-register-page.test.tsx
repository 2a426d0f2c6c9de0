import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer, networkFailure } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

afterEach(() => vi.unstubAllGlobals())

const codeSent = () => jsonAnswer(200, { message: 'Registration code sent successfully! Check your email.' })

async function fill(label: string, value: string) {
  await userEvent.type(screen.getByLabelText(label), value)
}

async function fillNamesAndEmail() {
  await fill('First name', ' Ada ')
  await fill('Last name', 'Admin')
  await fill('Email', 'Ada@Keydesk.Example')
}

async function requestCode() {
  await userEvent.click(screen.getByRole('button', { name: 'Request Code' }))
}

describe('admin register: registration code (docs/product.md, "Accounts, sign-up, sign-in, sessions, two-factor")', () => {
  it('keeps the code field disabled until a code has been requested', async () => {
    fakeApi({ 'POST /api/admin-registration-code/request': codeSent })
    await renderApp('/admin-register')
    expect(screen.getByLabelText('Registration code')).toBeDisabled()
    await fillNamesAndEmail()
    await requestCode()
    expect(await screen.findByText('Registration code sent successfully! Check your email.')).toBeInTheDocument()
    expect(screen.getByLabelText('Registration code')).toBeEnabled()
  })

  it('requests the code with the trimmed email, first name and last name', async () => {
    const calls = fakeApi({ 'POST /api/admin-registration-code/request': codeSent })
    await renderApp('/admin-register')
    await fillNamesAndEmail()
    await requestCode()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ email: 'ada@keydesk.example', firstName: 'Ada', lastName: 'Admin' })
  })

  it('needs email, first name and last name to request a code', async () => {
    const calls = fakeApi({})
    await renderApp('/admin-register')
    await requestCode()
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(screen.getByText('Last name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it("shows 'Failed to send registration code' with the server's text and keeps the field disabled", async () => {
    fakeApi({
      'POST /api/admin-registration-code/request': () => errorAnswer(429, 'Too many attempts. Please wait a moment and try again.'),
    })
    await renderApp('/admin-register')
    await fillNamesAndEmail()
    await requestCode()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to send registration code')
    expect(alert).toHaveTextContent('Too many attempts.')
    expect(screen.getByLabelText('Registration code')).toBeDisabled()
  })

  it("shows 'Error requesting registration code. Please try again.' when the server cannot be reached", async () => {
    fakeApi({ 'POST /api/admin-registration-code/request': networkFailure })
    await renderApp('/admin-register')
    await fillNamesAndEmail()
    await requestCode()
    expect(await screen.findByRole('alert')).toHaveTextContent('Error requesting registration code. Please try again.')
  })

  it('needs both email and code to validate', async () => {
    const calls = fakeApi({})
    await renderApp('/admin-register')
    await fill('Email', 'ada@keydesk.example')
    await userEvent.click(screen.getByRole('button', { name: 'Validate Code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both email and registration code')
    expect(calls).toEqual([])
  })

  it.each([
    ['a valid code', () => jsonAnswer(200, { valid: true, message: 'ok' }), 'Registration code is valid!'],
    ['a refused code', () => jsonAnswer(200, { valid: false, message: 'no' }), 'Invalid registration code'],
    ['a code the server rejects', () => errorAnswer(400, 'Invalid or expired code'), 'Invalid registration code'],
    ['no answer', networkFailure, 'Error validating code.'],
  ])('validates the code and reports %s', async (_case, answer, text) => {
    const calls = fakeApi({ 'POST /api/admin-registration-code/request': codeSent, 'POST /api/admin-registration-code/validate': answer })
    await renderApp('/admin-register')
    await fillNamesAndEmail()
    await requestCode()
    await screen.findByText('Registration code sent successfully! Check your email.')
    await fill('Registration code', ' K7P2QX ')
    await userEvent.click(screen.getByRole('button', { name: 'Validate Code' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(JSON.parse(String(calls[1]?.body))).toEqual({ email: 'ada@keydesk.example', code: 'K7P2QX' })
  })
})

describe('admin register: submitting (docs/product.md, "Accounts, sign-up, sign-in, sessions, two-factor")', () => {
  async function fillEverythingButCode() {
    await fillNamesAndEmail()
    await fill('Company', 'Keydesk Ops')
    await fill('Phone', '555-0101')
    await fill('Password', 'long-enough')
    await fill('Confirm password', 'long-enough')
  }

  it('asks for a registration code to be requested first', async () => {
    const calls = fakeApi({})
    await renderApp('/admin-register')
    await fillEverythingButCode()
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please request a registration code first')
    expect(calls).toEqual([])
  })

  it('moves focus to the first field on the page with a problem, the names before the company', async () => {
    fakeApi({ 'POST /api/admin-registration-code/request': codeSent })
    await renderApp('/admin-register')
    await fillNamesAndEmail()
    await requestCode()
    await screen.findByText('Registration code sent successfully! Check your email.')
    await userEvent.clear(screen.getByLabelText('First name'))
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus())
  })

  it('marks every field and focuses the first when the code was not requested yet', async () => {
    await renderApp('/admin-register')
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    expect(await screen.findByText(AUTH_MESSAGES.requestCodeFirst)).toBeInTheDocument()
    expect(await screen.findByText('Company name is required')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus())
  })

  it('shows every admin page message for an empty form', async () => {
    fakeApi({ 'POST /api/admin-registration-code/request': codeSent })
    await renderApp('/admin-register')
    await fillNamesAndEmail()
    await requestCode()
    await screen.findByText('Registration code sent successfully! Check your email.')
    for (const label of ['First name', 'Last name', 'Email']) await userEvent.clear(screen.getByLabelText(label))
    await fill('Email', 'not-an-email')
    await fill('Password', 'short')
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is invalid',
      'Company name is required',
      'Phone number is required',
      'Password must be at least 8 characters',
      'Please confirm your password',
      'Please enter the registration code sent to your email',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument()
    }
  })

  it('says when the passwords do not match', async () => {
    fakeApi({ 'POST /api/admin-registration-code/request': codeSent })
    await renderApp('/admin-register')
    await fillEverythingButCode()
    await requestCode()
    await screen.findByText('Registration code sent successfully! Check your email.')
    await userEvent.clear(screen.getByLabelText('Confirm password'))
    await fill('Confirm password', 'different-one')
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
  })

  it('sends the admin registration as multipart and shows the pending-approval text', async () => {
    const calls = fakeApi({
      'POST /api/admin-registration-code/request': codeSent,
      'POST /api/auth/admin-register': () => jsonAnswer(201, { message: 'created' }),
    })
    await renderApp('/admin-register')
    await fillEverythingButCode()
    await requestCode()
    await screen.findByText('Registration code sent successfully! Check your email.')
    await fill('Registration code', 'K7P2QX')
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    expect(
      await screen.findByText('Admin account created successfully! Pending super admin approval. You will be notified once approved.'),
    ).toBeInTheDocument()
    const body = calls[1]?.body
    expect(body).toBeInstanceOf(FormData)
    expect(Object.fromEntries(body as FormData)).toEqual({
      fname: 'Ada',
      lname: 'Admin',
      email: 'ada@keydesk.example',
      phone: '555-0101',
      password: 'long-enough',
      company: 'Keydesk Ops',
      adminCode: 'K7P2QX',
    })
  })

  it("shows 'Admin registration failed:' followed by the server text", async () => {
    fakeApi({
      'POST /api/admin-registration-code/request': codeSent,
      // docs/product.md, 'Accounts and sessions': the API answers a failed admin registration as text.
      'POST /api/auth/admin-register': () =>
        new Response('Invalid or expired registration code.', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } }),
    })
    await renderApp('/admin-register')
    await fillEverythingButCode()
    await requestCode()
    await screen.findByText('Registration code sent successfully! Check your email.')
    await fill('Registration code', 'K7P2QX')
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    expect(await screen.findByText('Admin registration failed: Invalid or expired registration code.')).toBeInTheDocument()
  })
})
