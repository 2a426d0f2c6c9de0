import { DAY_MS, MINUTE_MS } from '@keydesk/contracts/time'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testTrialStatus } from '../../../test/test-trial-status.ts'
import { testUser } from '../../../test/test-user.ts'
import { setSessionHint } from '../../session/session-hint.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const noPlan = { tier: 'NONE', status: 'INACTIVE', billing: null, startDate: null, endDate: null, autoRenew: false }

describe('membership page (docs/product.md, "Plans, trial, the premium rule and turnaround promises")', () => {
  it('shows four tier cards with monthly prices, and annual prices after the toggle', async () => {
    await renderApp('/membership')
    expect(screen.getAllByRole('listitem').filter((item) => item.querySelector('h2'))).toHaveLength(4)
    expect(screen.getByText('$24.99')).toBeInTheDocument()
    // 'Save 20%' holds for Professional only (33% on the first year); Basic annual saves 16%.
    expect(screen.getByText('Save 20% or more with Professional')).toBeInTheDocument()
    await userEvent.click(screen.getByLabelText('Annual'))
    expect(screen.getByText('$149.00')).toBeInTheDocument()
    expect(screen.getAllByText('+ $49.00 setup fee')).toHaveLength(1)
  })

  it('states what each annual plan costs against twelve monthly payments, setup fee where the checkout charges it', async () => {
    await renderApp('/membership')
    await userEvent.click(screen.getByLabelText('Annual'))
    const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement
    expect(card('Basic')).toHaveTextContent('First year $99.99 against $119.88 for 12 monthly payments: you save $19.89 (16%)')
    expect(card('Basic')).not.toHaveTextContent('setup fee')
    expect(card('Professional')).toHaveTextContent('First year $198.00 against $299.88 for 12 monthly payments: you save $101.88 (33%)')
  })

  it('sends a visitor who chooses a plan to /login', async () => {
    const { router } = await renderApp('/subscriptions')
    const professional = screen.getByRole('heading', { name: 'Professional' }).closest('li') as HTMLElement
    await userEvent.click(within(professional).getByRole('button', { name: 'Choose Professional' }))
    expect(router.state.location.pathname).toBe('/login')
  })

  it('keeps the plan a visitor chose through sign-in: back on the page, it goes in the cart once', async () => {
    const { router: visitorRouter } = await renderApp('/subscriptions')
    await userEvent.click(screen.getByLabelText('Annual'))
    await userEvent.click(screen.getByRole('button', { name: 'Choose Professional' }))
    const back = new URLSearchParams(visitorRouter.state.location.search).get('redirect')
    expect(back).toBe('/membership?plan=PROFESSIONAL&billing=annual')
    cleanup()

    const calls = fakeApi({
      'GET /api/user/subscription': () => jsonAnswer(200, noPlan),
      'POST /api/cart/addSubscription': () => jsonAnswer(200, { message: 'Professional Subscription added to your cart successfully!' }),
    })
    const { router } = await renderApp(back ?? '', { user: testUser() })
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    const adds = calls.filter((call) => call.key === 'POST /api/cart/addSubscription')
    expect(adds.map((call) => JSON.parse(String(call.body)))).toEqual([{ tier: 'PROFESSIONAL', billing: 'ANNUAL' }])
  })

  it('adds the chosen plan with the chosen billing to the cart and opens the cart', async () => {
    const calls = fakeApi({
      'GET /api/user/subscription': () => jsonAnswer(200, noPlan),
      'POST /api/cart/addSubscription': () => jsonAnswer(200, { message: 'Professional Subscription added to your cart successfully!' }),
    })
    const { router } = await renderApp('/membership', { user: testUser() })
    await userEvent.click(screen.getByLabelText('Annual'))
    expect(screen.getByRole('button', { name: 'Choose Enterprise' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Choose Professional' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    expect(await screen.findByText('Professional Subscription added to your cart successfully!')).toBeInTheDocument()
    const add = calls.find((call) => call.key === 'POST /api/cart/addSubscription')
    expect(JSON.parse(String(add?.body))).toEqual({ tier: 'PROFESSIONAL', billing: 'ANNUAL' })
  })

  it.each([
    [409, 'You already have a subscription.', 'You already have a subscription.'],
    [500, 'Something went wrong', 'Failed to add subscription. Please try again.'],
  ])('explains a refused plan (%i)', async (status, serverMessage, shown) => {
    fakeApi({
      'GET /api/user/subscription': () => jsonAnswer(200, noPlan),
      'POST /api/cart/addSubscription': () => errorAnswer(status, serverMessage, status === 409 ? 'CONFLICT' : 'ERROR'),
    })
    const { router } = await renderApp('/membership', { user: testUser() })
    await userEvent.click(screen.getByRole('button', { name: 'Choose Basic' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(shown)
    expect(router.state.location.pathname).toBe('/membership')
  })

  it('states the trial has no automatic charge', async () => {
    await renderApp('/trial-details')
    expect(screen.getByText('no automatic charge')).toBeInTheDocument()
  })

  it('offers to start the trial, on the activation page that holds the Start button', async () => {
    await renderApp('/trial-details')
    expect(screen.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/membership?trial=start')
  })
})

describe('trial details for a member who took the trial', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('says the trial is running with its days left instead of offering to start it', async () => {
    const trialEndsAt = new Date(Date.now() + 3 * DAY_MS).toISOString()
    fakeApi({
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
    await renderApp('/trial-details', { user: testUser() })
    expect(await screen.findByText('Your free trial is running: 3 days left.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Start your free trial' })).not.toBeInTheDocument()
  })

  it('says the trial was used once it has ended', async () => {
    const trialEndsAt = new Date(Date.now() - MINUTE_MS).toISOString()
    fakeApi({ 'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus({ hasTrial: true, trialEndsAt, trialTier: 'BASIC' })) })
    await renderApp('/trial-details', { user: testUser() })
    expect(await screen.findByText('You have already used your free trial.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Start your free trial' })).not.toBeInTheDocument()
  })
})

describe('trial activation page (/membership?trial=start)', () => {
  it('explains the trial and asks a visitor to log in first', async () => {
    await renderApp('/membership?trial=start')
    expect(screen.getByRole('heading', { level: 1, name: 'Start your free trial' })).toBeInTheDocument()
    expect(screen.getByText('no automatic charge')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in to start your trial' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/membership?trial=start')}`,
    )
  })

  it('starts the trial, shows the answer with the way onward and fetches the session again', async () => {
    const trialEndsAt = new Date(Date.now() + 3 * DAY_MS).toISOString()
    setSessionHint(true)
    const calls = fakeApi({
      'GET /api/auth/me': () => jsonAnswer(200, { user: testUser({ trialEndsAt }) }),
      'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()),
      'POST /api/trial/start': () =>
        jsonAnswer(200, {
          hasTrial: true,
          isActive: true,
          remainingDays: 3,
          trialEndsAt,
          hasPremiumAccess: true,
          accessType: 'trial',
          trialTier: 'BASIC',
          message: 'Your 3-day free trial has started.',
        }),
    })
    await renderApp('/membership?trial=start', { user: testUser() })
    await userEvent.click(await screen.findByRole('button', { name: 'Start my 3-day free trial' }))
    expect(await screen.findByText(/Your 3-day free trial has started\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Request a keycode' })).toBeInTheDocument()
    expect(calls.find((call) => call.key === 'POST /api/trial/start')?.url).toContain('tier=BASIC')
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'GET /api/auth/me')).toBe(true))
  })

  it.each([
    [409, 'You have already used your free trial.', 'You have already used your free trial.'],
    [500, 'Something went wrong', 'Failed to start trial.'],
  ])('explains a failed start (%i)', async (status, serverMessage, shown) => {
    fakeApi({
      'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()),
      'POST /api/trial/start': () => errorAnswer(status, serverMessage, status === 409 ? 'CONFLICT' : 'ERROR'),
    })
    await renderApp('/membership?trial=start', { user: testUser() })
    await userEvent.click(await screen.findByRole('button', { name: 'Start my 3-day free trial' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(shown)
  })

  it('tells a member whose trial is over that it was used', async () => {
    fakeApi({
      'GET /api/trial/status': () =>
        jsonAnswer(200, testTrialStatus({ hasTrial: true, trialEndsAt: '2024-01-01T00:00:00.000Z', trialTier: 'BASIC' })),
    })
    await renderApp('/membership?trial=start', { user: testUser() })
    expect(await screen.findByText('You have already used your free trial.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Start my/ })).not.toBeInTheDocument()
  })
})
