import { DAY_MS, HOUR_MS, MINUTE_MS } from '@keydesk/contracts/time'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testTrialStatus } from '../../../test/test-trial-status.ts'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

const running = (msLeft: number) =>
  testTrialStatus({
    hasTrial: true,
    isActive: true,
    remainingDays: Math.ceil(msLeft / DAY_MS),
    trialEndsAt: new Date(Date.now() + msLeft).toISOString(),
    hasPremiumAccess: true,
    accessType: 'trial',
    trialTier: 'BASIC',
  })

describe('trial banner and expired notice (docs/product.md, "Plans, trial, the premium rule and turnaround promises")', () => {
  it('counts 3 days right after a 3-day trial starts, as the trial page does', async () => {
    fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, running(3 * DAY_MS - 1000)) })
    await renderApp('/pricing', { user: testUser() })
    expect(await screen.findByRole('region', { name: 'Your free trial' })).toHaveTextContent('3 days left')
  })

  it('shows no countdown once a paid plan is active, even with trial days left', async () => {
    fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, { ...running(2 * DAY_MS), accessType: 'paid' }) })
    await renderApp('/pricing', { user: testUser() })
    await screen.findByRole('heading', { level: 1 })
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(screen.queryByRole('region', { name: 'Your free trial' })).not.toBeInTheDocument()
  })

  it('offers the trial to a member with no trial and no premium access', async () => {
    fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()) })
    await renderApp('/user-dash', { user: testUser() })
    const offer = await screen.findByRole('region', { name: 'Free trial offer' })
    expect(within(offer).getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/membership?trial=start')
  })

  it('does not repeat the offer on the trial activation page', async () => {
    fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()) })
    await renderApp('/membership?trial=start', { user: testUser() })
    expect(await screen.findByRole('button', { name: 'Start my 3-day free trial' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Free trial offer' })).not.toBeInTheDocument()
  })

  it.each([
    [2 * DAY_MS + HOUR_MS, '3 days left'],
    [5 * HOUR_MS + MINUTE_MS, '5 hours left'],
    [20 * MINUTE_MS, 'Less than 1 hour left'],
  ])('counts down a running trial (%i ms left)', async (msLeft, text) => {
    fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, running(msLeft)) })
    await renderApp('/pricing', { user: testUser() })
    expect(await screen.findByRole('region', { name: 'Your free trial' })).toHaveTextContent(text)
  })

  it('shows the expired notice with Upgrade Now, and Dismiss hides it', async () => {
    fakeApi({
      'GET /api/trial/status': () =>
        jsonAnswer(200, testTrialStatus({ hasTrial: true, trialEndsAt: '2025-01-01T00:00:00.000Z', trialTier: 'BASIC' })),
    })
    await renderApp('/pricing', { user: testUser() })
    const notice = await screen.findByRole('region', { name: 'Trial expired' })
    expect(within(notice).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/membership')
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: 'Trial expired' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Free trial offer' })).not.toBeInTheDocument()
  })

  it('shows nothing to a paying member', async () => {
    const calls = fakeApi({
      'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus({ hasPremiumAccess: true, accessType: 'paid' })),
    })
    const paying = testUser({ subscription: { tier: 'BASIC', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })
    await renderApp('/pricing', { user: paying })
    expect(screen.queryByRole('region', { name: /trial/i })).not.toBeInTheDocument()
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'GET /api/trial/status')).toBe(true))
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(screen.queryByRole('region', { name: /trial/i })).not.toBeInTheDocument()
  })

  it('is only for business users', async () => {
    const calls = fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()) })
    await renderApp('/pricing', { user: testUser({ role: 'ADMIN' }) })
    await renderApp('/pricing')
    expect(calls.some((call) => call.key === 'GET /api/trial/status')).toBe(false)
  })

  it('falls back to the stored subscription data when the status cannot be fetched', async () => {
    fakeApi({ 'GET /api/trial/status': () => errorAnswer(500, 'Failed to fetch trial status') })
    await renderApp('/trial-details', { user: testUser({ trialEndsAt: new Date(Date.now() + 30 * HOUR_MS).toISOString() }) })
    expect(await screen.findByRole('region', { name: 'Your free trial' })).toHaveTextContent('2 days left')
    expect(await screen.findByRole('heading', { level: 1, name: 'Free premium trial' })).toBeInTheDocument()
  })

  it('draws the notice from the stored data while the status is on its way, so it never pushes the page down later', async () => {
    let answerStatus: (answer: Response) => void = () => undefined
    fakeApi({ 'GET /api/trial/status': () => new Promise<Response>((resolve) => (answerStatus = resolve)) })
    await renderApp('/pricing', { user: testUser({ trialEndsAt: new Date(Date.now() + 30 * HOUR_MS).toISOString() }) })
    expect(await screen.findByRole('region', { name: 'Your free trial' })).toHaveTextContent('2 days left')

    answerStatus(jsonAnswer(200, running(5 * HOUR_MS + MINUTE_MS)))
    await vi.waitFor(() => expect(screen.getByRole('region', { name: 'Your free trial' })).toHaveTextContent('5 hours left'))
  })

  it('asks for the trial status again every hour', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const calls = fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, running(30 * HOUR_MS)) })
    await renderApp('/pricing', { user: testUser() })
    await screen.findByRole('region', { name: 'Your free trial' })
    const asked = () => calls.filter((call) => call.key === 'GET /api/trial/status').length
    expect(asked()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(HOUR_MS))
    await vi.waitFor(() => expect(asked()).toBe(2))
  })
})
