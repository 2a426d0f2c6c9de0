import { DAY_MS } from '@keydesk/contracts/time'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testTrialStatus } from '../../../test/test-trial-status.ts'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

async function openSubscriptionTab() {
  await renderApp('/profile', { user: testUser() })
  await userEvent.click(await screen.findByRole('tab', { name: 'Subscription' }))
  return screen.findByRole('tabpanel')
}

describe('Profile, Subscription tab', () => {
  it('names a running trial with its tier and days left instead of No plan', async () => {
    const trialEndsAt = new Date(Date.now() + 3 * DAY_MS).toISOString()
    fakeApi({
      'GET /api/user/profile': () => jsonAnswer(200, {}),
      'GET /api/user/notices': () => jsonAnswer(200, []),
      'GET /api/trial/status': () =>
        jsonAnswer(
          200,
          testTrialStatus({
            hasTrial: true,
            isActive: true,
            remainingDays: 3,
            trialEndsAt,
            hasPremiumAccess: true,
            accessType: 'trial',
            trialTier: 'BASIC',
          }),
        ),
    })
    const panel = await openSubscriptionTab()
    expect(await screen.findByText('Free trial of Basic')).toBeInTheDocument()
    expect(panel).toHaveTextContent('3 days left')
    expect(panel).not.toHaveTextContent('No plan')
    expect(panel).not.toHaveTextContent('Active')
  })

  it('shows no status beside No plan when there is neither a plan nor a trial', async () => {
    fakeApi({
      'GET /api/user/profile': () => jsonAnswer(200, {}),
      'GET /api/user/notices': () => jsonAnswer(200, []),
      'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus({})),
    })
    const panel = await openSubscriptionTab()
    expect(panel).toHaveTextContent('No plan')
    expect(panel).not.toHaveTextContent('Status')
  })
})
