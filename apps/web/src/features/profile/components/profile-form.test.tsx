import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import type { Profile } from '@keydesk/contracts/profile'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { expectResultFocused } from '../../../test/focus.ts'
import { ProfileForm } from './profile-form.tsx'

const profile: Profile = {
  firstName: 'Dana',
  lastName: 'Locke',
  email: 'dana@locke-keys.example',
  phone: '555-0100',
  company: 'Locke Keys',
  address: null,
  city: null,
  state: 'Texas',
  zipCode: null,
  profilePhoto: null,
  companyLogo: null,
}

afterEach(() => vi.unstubAllGlobals())

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <ProfileForm profile={profile} />
    </QueryClientProvider>,
  )
}

describe('profile form', () => {
  it('keeps every field read-only until Edit is pressed', async () => {
    renderForm()
    expect(screen.getByLabelText('First name')).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }))
    expect(screen.getByLabelText('First name')).toBeEnabled()
    expect(screen.getByLabelText('Company')).toBeEnabled()
  })

  it('never lets the e-mail be edited, even in edit mode', async () => {
    renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }))
    expect(screen.getByLabelText('Email')).toBeDisabled()
    expect(screen.getByLabelText('Email')).toHaveValue('dana@locke-keys.example')
  })

  it('saves the fields as multipart without the e-mail and shows the success text', async () => {
    const calls = fakeApi({ 'PUT /api/user/profile': () => jsonAnswer(200, { ...profile, city: 'Austin' }) })
    renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }))
    await userEvent.type(screen.getByLabelText('City'), 'Austin')
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(PROFILE_MESSAGES.profileUpdated)).toBeInTheDocument()
    await expectResultFocused(PROFILE_MESSAGES.profileUpdated)
    const sent = calls[0]?.body as FormData
    expect(sent.get('city')).toBe('Austin')
    expect(sent.get('firstName')).toBe('Dana')
    expect(sent.has('email')).toBe(false)
    expect(screen.getByLabelText('City')).toBeDisabled()
  })

  it('shows the failure text when saving fails', async () => {
    fakeApi({ 'PUT /api/user/profile': () => jsonAnswer(500, { code: 'INTERNAL_ERROR', message: 'x', error: 'x' }) })
    renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(PROFILE_MESSAGES.profileUpdateFailed)).toBeInTheDocument()
  })

  it('requires the first name before sending anything', async () => {
    const calls = fakeApi({})
    renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }))
    await userEvent.clear(screen.getByLabelText('First name'))
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('First name is required')).toBeInTheDocument()
    expect(calls).toEqual([])
  })
})
