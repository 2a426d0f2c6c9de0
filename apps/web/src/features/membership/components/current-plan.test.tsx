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

  it('cancels after confirmation and shows the answer', async () => {
    const calls = fakeApi({
      'GET /api/user/subscription': () => jsonAnswer(200, basicPlan),
      'POST /api/user/subscription/cancel': () =>
        jsonAnswer(200, {
          ...basicPlan,
          status: 'CANCELLED',
          autoRenew: false,
          message: 'Your subscription will end at the close of the current period.',
        }),
    })
    await renderApp('/membership', { user: basicMember })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
    expect(calls.some((call) => call.key === 'POST /api/user/subscription/cancel')).toBe(false)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }))
    expect(await screen.findByText('Your subscription will end at the close of the current period.')).toBeInTheDocument()
    expect(screen.getByText('Cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument()
  })

  it('keeps the plan when the member changes their mind', async () => {
    const calls = fakeApi({ 'GET /api/user/subscription': () => jsonAnswer(200, basicPlan) })
    await renderApp('/membership', { user: basicMember })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }))
    await userEvent.click(screen.getByRole('button', { name: 'Keep my plan' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/user/subscription/cancel')).toBe(false)
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
