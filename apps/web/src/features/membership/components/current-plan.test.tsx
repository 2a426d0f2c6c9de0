import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const basicMember = testUser({ subscription: { tier: 'BASIC', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })
const basicPlan = {
  tier: 'BASIC',
  status: 'ACTIVE',
  billing: 'MONTHLY',
  startDate: '2025-03-01T00:00:00.000Z',
  endDate: '2025-03-31T12:00:00.000Z',
  autoRenew: true,
}

describe('membership for a subscribed member (docs/product.md, "Plans, trial, the premium rule and turnaround promises")', () => {
  it('shows the current plan, status, period end and auto-renew', async () => {
    fakeApi({ 'GET /api/user/subscription': () => jsonAnswer(200, basicPlan) })
    await renderApp('/membership', { user: basicMember })
    const plan = await screen.findByRole('region', { name: 'Your subscription' })
    expect(within(plan).getByText('Basic')).toBeInTheDocument()
    expect(within(plan).getByText('Active')).toBeInTheDocument()
    expect(within(plan).getByText('March 31, 2025')).toBeInTheDocument()
    expect(within(plan).getByText('On')).toBeInTheDocument()
    expect(within(plan).queryByRole('button', { name: 'Upgrade to Basic' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Current plan' })).toBeDisabled()
  })

  it("says whether this plan month's Basic discount is unused, or when the next one comes", async () => {
    fakeApi({
      'GET /api/user/subscription': () =>
        jsonAnswer(200, { ...basicPlan, basicDiscount: { available: false, nextOn: '2025-03-31T00:00:00.000Z' } }),
    })
    await renderApp('/membership', { user: basicMember })
    const plan = await screen.findByRole('region', { name: 'Your subscription' })
    expect(within(plan).getByText('Basic discount: used this plan month; next on Mar 31, 2025')).toBeInTheDocument()
  })

  it("says a Basic member's discount is there to use", async () => {
    fakeApi({
      'GET /api/user/subscription': () =>
        jsonAnswer(200, { ...basicPlan, basicDiscount: { available: true, nextOn: '2025-03-31T00:00:00.000Z' } }),
    })
    await renderApp('/membership', { user: basicMember })
    const plan = await screen.findByRole('region', { name: 'Your subscription' })
    expect(
      within(plan).getByText('Basic discount: 15% off one Ford, Nissan or Chevrolet keycode, unused this plan month'),
    ).toBeInTheDocument()
  })

  it('sends the member to the one billing page to cancel, see payments and receipts', async () => {
    fakeApi({ 'GET /api/user/subscription': () => jsonAnswer(200, basicPlan) })
    await renderApp('/membership', { user: basicMember })
    const plan = await screen.findByRole('region', { name: 'Your subscription' })
    expect(within(plan).queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument()
    expect(within(plan).getByRole('link', { name: 'Billing, receipts and cancellation' })).toHaveAttribute(
      'href',
      '/profile?tab=subscription',
    )
  })

  it('opens the plan cards on the billing period of the plan held', async () => {
    fakeApi({ 'GET /api/user/subscription': () => jsonAnswer(200, { ...basicPlan, billing: 'ANNUAL' }) })
    await renderApp('/membership', { user: basicMember })
    await screen.findByRole('region', { name: 'Your subscription' })
    expect(screen.getByRole('radio', { name: 'Annual' })).toBeChecked()
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }))
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked()
  })

  it('upgrades to a higher tier through the cart', async () => {
    const calls = fakeApi({
      'GET /api/user/subscription': () => jsonAnswer(200, basicPlan),
      'POST /api/cart/addSubscription': () => jsonAnswer(200, { message: 'Enterprise Subscription added to your cart successfully!' }),
    })
    const { router } = await renderApp('/membership', { user: basicMember })
    const plan = await screen.findByRole('region', { name: 'Your subscription' })
    expect(within(plan).getByRole('button', { name: 'Upgrade to Professional' })).toBeInTheDocument()
    await userEvent.click(within(plan).getByRole('button', { name: 'Upgrade to Enterprise' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    expect(await screen.findByText('Enterprise Subscription added to your cart successfully!')).toBeInTheDocument()
    const add = calls.find((call) => call.key === 'POST /api/cart/addSubscription')
    expect(JSON.parse(String(add?.body))).toEqual({ tier: 'ENTERPRISE', billing: 'MONTHLY' })
  })

  it("says 'Failed to fetch User Subscription' and still offers the plans", async () => {
    fakeApi({ 'GET /api/user/subscription': () => errorAnswer(500, 'Something went wrong') })
    await renderApp('/membership', { user: testUser() })
    expect(await screen.findByText('Failed to fetch User Subscription')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Choose Basic' })).toBeEnabled()
  })
})
