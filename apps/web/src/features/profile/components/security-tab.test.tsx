import { PROFILE_MESSAGES } from '@keydesk/contracts/member-messages'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, serve } from '../test-server.ts'
import { SecurityTab } from './security-tab.tsx'

const security = {
  twoFactorEnabled: false,
  fingerprintEnabled: false,
  lastLogin: '2026-01-02T10:00:00.000Z',
  loginHistory: [{ signedInAt: '2026-01-02T10:00:00.000Z', ipAddress: '203.0.113.7', userAgent: 'Firefox' }],
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
  it('shows the sign-in history', async () => {
    serve({ 'GET /api/user/security': () => json(200, security) })
    renderTab()
    expect(await screen.findByText(/203\.0\.113\.7/)).toBeInTheDocument()
  })

  it('sends the two-factor switch as JSON and shows the success text', async () => {
    const calls = serve({
      'GET /api/user/security': () => json(200, security),
      'PUT /api/user/security': () => json(200, { ...security, twoFactorEnabled: true }),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Two-factor authentication'))
    expect(await screen.findByText(PROFILE_MESSAGES.securityUpdated)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'PUT /api/user/security')?.body))).toEqual({ twoFactor: true })
    expect(screen.getByLabelText('Two-factor authentication')).toBeChecked()
  })

  it('shows the failure text when the change is refused', async () => {
    serve({
      'GET /api/user/security': () => json(200, security),
      'PUT /api/user/security': () => json(500, { code: 'INTERNAL_ERROR', message: 'x', error: 'x' }),
    })
    renderTab()
    await userEvent.click(await screen.findByLabelText('Fingerprint sign-in'))
    expect(await screen.findByText(PROFILE_MESSAGES.securityUpdateFailed)).toBeInTheDocument()
  })
})
