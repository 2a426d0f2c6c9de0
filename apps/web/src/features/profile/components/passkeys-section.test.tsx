import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { expectResultFocused } from '../../../test/focus.ts'
import { PasskeysSection } from './passkeys-section.tsx'

const phone = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'My phone',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
}

afterEach(() => vi.unstubAllGlobals())

function renderSection(fingerprintEnabled = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <PasskeysSection fingerprintEnabled={fingerprintEnabled} canUseCode={false} enrolmentProof="password-or-code" />
    </QueryClientProvider>,
  )
}

describe('the passkeys of the Security tab', () => {
  it('lists each passkey with its name and when it was added and used, and says Fingerprint sign-in is on', async () => {
    fakeApi({ 'GET /api/user/security/passkeys': () => jsonAnswer(200, [phone]) })
    renderSection()
    const list = await screen.findByRole('list', { name: 'Passkeys' })
    expect(within(list).getByText('My phone')).toBeInTheDocument()
    expect(list).toHaveTextContent('not used yet')
    expect(screen.getByText(/^On: sign in with the fingerprint/)).toBeInTheDocument()
  })

  it('says when this browser cannot create passkeys instead of offering to add one', async () => {
    fakeApi({ 'GET /api/user/security/passkeys': () => jsonAnswer(200, []) })
    renderSection(false)
    expect(await screen.findByText(/^Passkeys cannot be created here/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument()
    expect(screen.getByText(/^Off: add a passkey/)).toBeInTheDocument()
  })

  it('renames a passkey', async () => {
    let listed = [phone]
    const calls = fakeApi({
      'GET /api/user/security/passkeys': () => jsonAnswer(200, listed),
      [`PATCH /api/user/security/passkeys/${phone.id}`]: () => {
        listed = [{ ...phone, name: 'Pixel 8' }]
        return jsonAnswer(200, listed[0])
      },
    })
    renderSection()
    await userEvent.click(await screen.findByRole('button', { name: 'Rename My phone' }))
    const field = screen.getByLabelText('New name')
    await userEvent.clear(field)
    await userEvent.type(field, 'Pixel 8')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(PASSKEY_MESSAGES.renamed)).toBeInTheDocument()
    await expectResultFocused(PASSKEY_MESSAGES.renamed)
    expect(JSON.parse(String(calls.find((call) => call.key.startsWith('PATCH'))?.body))).toEqual({ name: 'Pixel 8' })
    expect(await screen.findByText('Pixel 8')).toBeInTheDocument()
  })

  it('removes a passkey only with the password, and shows the server text for a wrong one', async () => {
    let attempts = 0
    const calls = fakeApi({
      'GET /api/user/security/passkeys': () => jsonAnswer(200, attempts < 2 ? [phone] : []),
      [`DELETE /api/user/security/passkeys/${phone.id}`]: () => {
        attempts += 1
        return attempts === 1
          ? jsonAnswer(403, { code: 'FORBIDDEN', message: 'That password or code is not right. Try again.', error: 'x' })
          : jsonAnswer(200, { message: PASSKEY_MESSAGES.removed })
      },
    })
    renderSection()
    await userEvent.click(await screen.findByRole('button', { name: 'Remove My phone' }))
    expect(calls.some((call) => call.key.startsWith('DELETE'))).toBe(false)
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('That password or code is not right. Try again.')).toBeInTheDocument()
    const password = screen.getByLabelText('Current password')
    await userEvent.clear(password)
    await userEvent.type(password, 'my-password')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(PASSKEY_MESSAGES.removed)).toBeInTheDocument()
    expect(JSON.parse(String(calls.filter((call) => call.key.startsWith('DELETE'))[1]?.body))).toEqual({ currentPassword: 'my-password' })
    expect(screen.queryByRole('list', { name: 'Passkeys' })).not.toBeInTheDocument()
  })
})
