import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { TWO_FACTOR_MESSAGES } from '@keydesk/contracts/security'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { expectResultFocused } from '../../../test/focus.ts'
import { SecurityTab } from './security-tab.tsx'
import { TWO_FACTOR_PROTECTS } from './two-factor-switch.tsx'

const security = {
  twoFactorEnabled: false,
  fingerprintEnabled: false,
  keycodesByEmail: true,
  lastLogin: '2026-01-02T10:00:00.000Z',
  loginHistory: [{ signedInAt: '2026-01-02T10:00:00.000Z', ipAddress: '203.0.113.7', userAgent: 'Firefox' }],
  enrolmentProof: 'password-or-code',
}

afterEach(() => vi.unstubAllGlobals())

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <SecurityTab />
    </QueryClientProvider>,
  )
}

describe('security tab', () => {
  it("an admin's first factor asks for the password and a code mailed to the account, and sends both", async () => {
    const calls = fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, { ...security, enrolmentProof: 'password-and-mailed-code' }),
      'POST /api/user/security/enrolment-code': () => jsonAnswer(200, { message: TWO_FACTOR_MESSAGES.mailedCodeSent }),
      'POST /api/user/security/two-factor/setup': () =>
        jsonAnswer(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Keydesk:ada',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Two-factor authentication'))
    const send = screen.getByRole('button', { name: 'E-mail me a code' })
    expect(send).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Current password'), 'my-password')
    await userEvent.click(send)
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.mailedCodeSent)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/user/security/enrolment-code')?.body))).toEqual({
      currentPassword: 'my-password',
    })
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '12345678')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByAltText('QR code for your authenticator app')).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/user/security/two-factor/setup')?.body))).toEqual({
      currentPassword: 'my-password',
      mailedCode: '12345678',
    })
  })

  it('an admin with a factor is asked for a code from the app, never the password, to add another', async () => {
    const calls = fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, { ...security, enrolmentProof: 'existing-factor' }),
      'GET /api/user/security/passkeys': () => jsonAnswer(200, []),
      'POST /api/user/security/passkeys/options': () =>
        jsonAnswer(403, {
          code: 'FORBIDDEN',
          message: TWO_FACTOR_MESSAGES.existingFactorNeeded,
          error: TWO_FACTOR_MESSAGES.existingFactorNeeded,
        }),
    })
    vi.stubGlobal('PublicKeyCredential', class {})
    renderTab()
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.existingFactorNeeded)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/user/security/passkeys/options')?.body))).toEqual({})
  })

  it('shows the sign-in history', async () => {
    fakeApi({ 'GET /api/user/security': () => jsonAnswer(200, security) })
    renderTab()
    expect(await screen.findByText(/203\.0\.113\.7/)).toBeInTheDocument()
  })

  it('switching two-factor on asks for the current password, then walks through QR code, confirmation code and recovery codes', async () => {
    const calls = fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, security),
      'POST /api/user/security/two-factor/setup': () =>
        jsonAnswer(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Keydesk:dana?secret=JBSWY3DPEHPK3PXP',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      'POST /api/user/security/two-factor/enable': () => jsonAnswer(200, { recoveryCodes: ['abcde-12345', 'fghij-67890'] }),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Two-factor authentication'))
    expect(calls.some((call) => call.key === 'POST /api/user/security/two-factor/setup')).toBe(false)
    expect(screen.queryByLabelText('Or a code from your app')).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Current password'), 'my-password')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+')
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/user/security/two-factor/setup')?.body))).toEqual({
      currentPassword: 'my-password',
    })
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Code from your app'), '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText(PROFILE_MESSAGES.securityUpdated)).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent('abcde-12345')
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/user/security/two-factor/enable')?.body))).toEqual({
      code: '123456',
    })
  })

  it('shows the server text for a wrong confirmation code', async () => {
    fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, security),
      'POST /api/user/security/two-factor/setup': () =>
        jsonAnswer(200, { secret: 'S', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,' }),
      'POST /api/user/security/two-factor/enable': () =>
        jsonAnswer(400, { code: 'VALIDATION_ERROR', message: 'That code is not valid.', error: 'That code is not valid.' }),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Two-factor authentication'))
    await userEvent.type(screen.getByLabelText('Current password'), 'my-password')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await userEvent.type(await screen.findByLabelText('Code from your app'), '000000')
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('That code is not valid.')).toBeInTheDocument()
  })

  it('switching two-factor off asks for the password or a current code and sends it with the change', async () => {
    const calls = fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, { ...security, twoFactorEnabled: true }),
      'PUT /api/user/security': () => jsonAnswer(200, security),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Two-factor authentication'))
    expect(calls.some((call) => call.key === 'PUT /api/user/security')).toBe(false)
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Or a code from your app'), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(PROFILE_MESSAGES.securityUpdated)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'PUT /api/user/security')?.body))).toEqual({
      twoFactor: false,
      code: '654321',
    })
    expect(screen.getByLabelText('Two-factor authentication')).not.toBeChecked()
  })

  it('shows the server text when the password or code is refused, and keeps two-factor on', async () => {
    fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, { ...security, twoFactorEnabled: true }),
      'PUT /api/user/security': () =>
        jsonAnswer(403, { code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.proofInvalid, error: TWO_FACTOR_MESSAGES.proofInvalid }),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Two-factor authentication'))
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-password')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.proofInvalid)).toBeInTheDocument()
    expect(screen.getByLabelText('Two-factor authentication')).toBeChecked()
  })

  it('cancelling the password prompt changes nothing', async () => {
    const calls = fakeApi({ 'GET /api/user/security': () => jsonAnswer(200, { ...security, twoFactorEnabled: true }) })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Two-factor authentication'))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Two-factor authentication')).toBeChecked()
    // Nothing but reads (the settings, and the sessions list below them) was sent.
    expect(calls.map((call) => call.key).filter((key) => !key.startsWith('GET '))).toEqual([])
  })

  it('shows the failure text when the change is refused', async () => {
    fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, security),
      'PUT /api/user/security': () => jsonAnswer(500, { code: 'INTERNAL_ERROR', message: 'x', error: 'x' }),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Send keycodes by e-mail'))
    expect(await screen.findByText(PROFILE_MESSAGES.securityUpdateFailed)).toBeInTheDocument()
  })

  it('says what two-factor authentication protects', async () => {
    fakeApi({ 'GET /api/user/security': () => jsonAnswer(200, security) })
    renderTab()
    expect(await screen.findByLabelText('Two-factor authentication')).toHaveAccessibleDescription(TWO_FACTOR_PROTECTS)
  })

  it('lets a member choose to receive keycodes in the account only', async () => {
    const calls = fakeApi({
      'GET /api/user/security': () => jsonAnswer(200, security),
      'PUT /api/user/security': () => jsonAnswer(200, { ...security, keycodesByEmail: false }),
    })
    renderTab()
    const choice = await screen.findByLabelText('Send keycodes by e-mail')
    expect(choice).toBeChecked()
    await userEvent.click(choice)
    expect(await screen.findByText(PROFILE_MESSAGES.securityUpdated)).toBeInTheDocument()
    await expectResultFocused(PROFILE_MESSAGES.securityUpdated)
    expect(JSON.parse(String(calls.find((call) => call.key === 'PUT /api/user/security')?.body))).toEqual({ keycodesByEmail: false })
    expect(screen.getByLabelText('Send keycodes by e-mail')).not.toBeChecked()
    expect(screen.getByText(/shown only in your dashboard/)).toBeInTheDocument()
  })
})
