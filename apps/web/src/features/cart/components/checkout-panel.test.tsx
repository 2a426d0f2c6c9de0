import { HOUR_MS } from '@keydesk/contracts/time'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveGuestInfo } from '../../../lib/guest-info.ts'
import { errorAnswer, type FakeAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testCartItem } from '../../../test/test-cart-item.ts'
import { testTrialStatus } from '../../../test/test-trial-status.ts'
import { testUser } from '../../../test/test-user.ts'

const session = { url: 'https://pay.example/checkout/cs_1', sessionId: 'cs_1', confirmationNumber: 'KD-1' }
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>()
  vi.spyOn(window.location, 'assign').mockImplementation(assign)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

async function openCheckout() {
  await userEvent.click(await screen.findByRole('button', { name: 'Checkout' }))
  return screen.getByRole('dialog', { name: 'Checkout' })
}

const sentBody = (calls: { key: string; body: unknown }[]) =>
  JSON.parse(String(calls.find((call) => call.key === 'POST /api/api/payments/create-checkout-session')?.body))

describe('checkout (docs/product.md, "Checkout and payment")', () => {
  it('shows the total, creates a session for the amount in cents and redirects to it', async () => {
    const calls = fakeApi({
      'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70), testCartItem('b', 85)]),
      'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()),
      'POST /api/api/payments/create-checkout-session': () => jsonAnswer(200, session),
    })
    await renderApp('/cart', { user: testUser() })
    const dialog = await openCheckout()
    expect(within(dialog).getByText('$155.00')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay securely' }))
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(session.url))
    const body = sentBody(calls)
    expect(body).toMatchObject({
      amount: 15500,
      success_url: `${window.location.origin}/payment-success`,
      cancel_url: `${window.location.origin}/payment-cancel`,
    })
    expect(body.items).toHaveLength(2)
    expect(body.guestUserId).toBeUndefined()
  })

  it('lists each line with what it will charge before the buyer pays, and where the refund terms are', async () => {
    fakeApi({
      'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70), testCartItem('b', 85)]),
      'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus()),
    })
    await renderApp('/cart', { user: testUser() })
    const dialog = await openCheckout()
    const lines = within(within(dialog).getByRole('list', { name: 'You are paying for' })).getAllByRole('listitem')
    expect(lines.map((line) => line.textContent)).toEqual([expect.stringMatching(/\$70\.00$/), expect.stringMatching(/\$85\.00$/)])
    expect(within(dialog).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy')
  })

  it('prices a running trial with its tier, as the server does', async () => {
    const calls = fakeApi({
      'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70)]),
      'GET /api/trial/status': () =>
        jsonAnswer(
          200,
          testTrialStatus({
            hasTrial: true,
            isActive: true,
            remainingDays: 3,
            trialEndsAt: new Date(Date.now() + 60 * HOUR_MS).toISOString(),
            hasPremiumAccess: true,
            accessType: 'trial',
            trialTier: 'PROFESSIONAL',
          }),
        ),
      'POST /api/api/payments/create-checkout-session': () => jsonAnswer(200, session),
    })
    await renderApp('/cart', { user: testUser() })
    expect(await screen.findByText('Member discount (20%)')).toBeInTheDocument()
    const dialog = await openCheckout()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay securely' }))
    await vi.waitFor(() => expect(assign).toHaveBeenCalled())
    expect(sentBody(calls).amount).toBe(5600)
  })

  it('pays for a guest cart with the guest id', async () => {
    saveGuestInfo('7b0c4a9e-3f7a-4a0e-9a55-0c1d2e3f4a5b', 'cart-1')
    const calls = fakeApi({
      'GET /api/cart/items/public': () => jsonAnswer(200, [testCartItem('a', 70)]),
      'POST /api/api/payments/create-checkout-session': () => jsonAnswer(200, session),
    })
    await renderApp('/cart')
    const dialog = await openCheckout()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay securely' }))
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(session.url))
    expect(sentBody(calls)).toMatchObject({ amount: 7000, guestUserId: '7b0c4a9e-3f7a-4a0e-9a55-0c1d2e3f4a5b' })
  })

  it.each<[string, FakeAnswer, string]>([
    ['a server failure', () => errorAnswer(500, 'Something went wrong'), 'Failed to create checkout session. Please try again.'],
    [
      'a changed cart (409)',
      () => errorAnswer(409, 'Your cart total has changed. Please review your cart and try again.', 'CONFLICT'),
      'Your cart total has changed. Please review your cart and try again.',
    ],
    ['an answer without a url', () => jsonAnswer(200, { sessionId: 'cs_1', confirmationNumber: 'KD-1' }), 'No checkout URL received'],
  ])('explains %s and stays on the cart', async (_case, answer, message) => {
    fakeApi({
      'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70)]),
      'POST /api/api/payments/create-checkout-session': answer,
    })
    await renderApp('/cart', { user: testUser() })
    const dialog = await openCheckout()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay securely' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message)
    expect(assign).not.toHaveBeenCalled()
    expect(within(dialog).getByRole('button', { name: 'Pay securely' })).toBeEnabled()
  })

  it('disables the button while the session is being created', async () => {
    let release: (response: Response) => void = () => {}
    fakeApi({
      'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70)]),
      'POST /api/api/payments/create-checkout-session': () =>
        new Promise<Response>((resolve) => {
          release = resolve
        }),
    })
    await renderApp('/cart', { user: testUser() })
    const dialog = await openCheckout()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay securely' }))
    expect(await within(dialog).findByRole('button', { name: /Redirecting/ })).toBeDisabled()
    release(jsonAnswer(200, session))
    await vi.waitFor(() => expect(assign).toHaveBeenCalled())
  })
})
