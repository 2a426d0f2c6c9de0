import { UPLOAD_MESSAGES } from '@keydesk/contracts/uploads'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError } from '../../../test/expect-field-error.ts'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

afterEach(() => vi.unstubAllGlobals())

const image = (name: string, bytes = 100) => new File([new Uint8Array(bytes)], name, { type: 'image/png' })
const documentLabels = ['Government photo ID (front)', 'Government photo ID (back)', 'Business document', 'Certificate of insurance']
// The inputs accept images only; these tests hand them other files on purpose, as a user could.
const user = () => userEvent.setup({ applyAccept: false })

async function fillDetails(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Dana',
    'Last name': 'Locke',
    Email: ' Dana@Locke.Example',
    Phone: '555-0100',
    Password: 'long-enough',
    'Confirm password': 'long-enough',
    ...overrides,
  }
  for (const [label, value] of Object.entries(values)) if (value) await userEvent.type(screen.getByLabelText(label), value)
  await userEvent.selectOptions(screen.getByLabelText('State or province'), 'Texas')
}

async function attachAll() {
  for (const label of documentLabels) await userEvent.upload(screen.getByLabelText(label), image(`${label}.png`))
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }))

describe('business sign-up (docs/product.md, "Accounts, sign-up, sign-in, sessions, two-factor")', () => {
  it('lists the US states, then the Canadian provinces and territories, each group alphabetical', async () => {
    await renderApp('/register')
    const select = screen.getByLabelText('State or province')
    const groupOptions = (label: string) =>
      within(within(select).getByRole('group', { name: label }))
        .getAllByRole('option')
        .map((option) => option.textContent)
    const states = groupOptions('United States')
    const provinces = groupOptions('Canada')
    expect(states[0]).toBe('Alabama')
    expect(states).toEqual([...states].sort())
    expect(provinces).toContain('Ontario')
    expect(provinces).toEqual([...provinces].sort())
  })

  it('needs passwords of at least 8 characters', async () => {
    await renderApp('/register')
    await fillDetails({ Password: 'short', 'Confirm password': 'short' })
    await submit()
    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeInTheDocument()
  })

  it('needs matching passwords', async () => {
    await renderApp('/register')
    await fillDetails({ 'Confirm password': 'long-enougH' })
    await submit()
    expect(await screen.findByText('Passwords do not match. Please try again.')).toBeInTheDocument()
  })

  it('needs a state', async () => {
    await renderApp('/register')
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('State is required')).toBeInTheDocument()
  })

  it('marks every empty field with its own message on an empty submit and focuses the first', async () => {
    await renderApp('/register')
    await submit()
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus())
    expectFieldError('First name', 'First name is required')
    expectFieldError('Last name', 'Last name is required')
    expectFieldError('Email', 'Email is required')
    expectFieldError('State or province', 'State is required')
    for (const label of documentLabels) expectFieldError(label, UPLOAD_MESSAGES.required)
  })

  it('focuses the first missing document when the details are complete', async () => {
    const calls = fakeApi({})
    await renderApp('/register')
    await fillDetails()
    await submit()
    await waitFor(() => expect(screen.getByLabelText(documentLabels[0] ?? '')).toHaveFocus())
    expect(calls).toEqual([])
  })

  it('requires all four documents', async () => {
    const calls = fakeApi({})
    await renderApp('/register')
    await fillDetails()
    await submit()
    await waitFor(() => expect(screen.getAllByText('File is required.')).toHaveLength(4))
    expect(calls).toEqual([])
  })

  it('refuses a document that is not an image as soon as it is chosen', async () => {
    await renderApp('/register')
    await user().upload(screen.getByLabelText('Government photo ID (front)'), new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('Only image files are allowed.')).toBeInTheDocument()
  })

  it('refuses a HEIC photo as soon as it is chosen, saying how to send a JPEG instead (decision 017)', async () => {
    await renderApp('/register')
    // Desktop browsers that do not know HEIC give it no type: the name tells.
    await user().upload(
      screen.getByLabelText('Government photo ID (front)'),
      new File([new Uint8Array(100)], 'IMG_0412.HEIC', { type: '' }),
    )
    expect(await screen.findByText(UPLOAD_MESSAGES.heic)).toBeInTheDocument()
  })

  it('refuses a document over 5 MB', async () => {
    await renderApp('/register')
    await user().upload(screen.getByLabelText('Government photo ID (back)'), image('back.png', 5 * 1024 * 1024 + 1))
    expect(await screen.findByText('File size should not exceed 5MB.')).toBeInTheDocument()
  })

  it('sends the sign-up as multipart with the four documents, then asks the user to log in', async () => {
    const calls = fakeApi({ 'POST /api/auth/register': () => jsonAnswer(201, { message: 'created' }) })
    const { router } = await renderApp('/register')
    await fillDetails()
    await attachAll()
    await submit()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByText('Registration successful. Please log in.')).toBeInTheDocument()
    const body = calls[0]?.body as FormData
    expect(body).toBeInstanceOf(FormData)
    expect(Object.fromEntries(['fname', 'lname', 'email', 'phone', 'password', 'state'].map((field) => [field, body.get(field)]))).toEqual({
      fname: 'Dana',
      lname: 'Locke',
      email: 'dana@locke.example',
      phone: '555-0100',
      password: 'long-enough',
      state: 'Texas',
    })
    expect(['frontId', 'backId', 'businessDocument', 'coi'].map((field) => (body.get(field) as File).name)).toEqual(
      documentLabels.map((label) => `${label}.png`),
    )
  })

  it('shows the server text when sign-up fails', async () => {
    // docs/product.md, 'Accounts and sessions': the API answers a failed registration as text.
    fakeApi({
      'POST /api/auth/register': () =>
        new Response('An account with this email already exists.', {
          status: 409,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        }),
    })
    await renderApp('/register')
    await fillDetails()
    await attachAll()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.')
  })

  it("shows 'Registration failed. Please try again.' when the server gives no text", async () => {
    fakeApi({ 'POST /api/auth/register': () => new Response('', { status: 500 }) })
    await renderApp('/register')
    await fillDetails()
    await attachAll()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.')
  })
})
