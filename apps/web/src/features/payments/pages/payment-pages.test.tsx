import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cartKeys } from '../../../lib/cart-keys.ts'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const paid = {
  sessionId: 'cs_test_123',
  status: 'PAID',
  amount: 119,
  confirmationNumber: 'KD-7Q2X9',
  items: [
    {
      name: '2020 Ford F-150 keycode',
      description: 'Keycode lookup for VIN ending 1234: Member price',
      amount: 55,
      state: 'WAITING',
      dueAt: '2026-11-26T14:00:00.000Z',
    },
    { name: 'Basic plan (monthly)', description: 'Monthly membership plan', amount: 64, state: 'PLAN_ACTIVE' },
  ],
  message: 'Payment successful! Your order has been placed.',
  requestIds: ['req-1'],
  receiptEmail: 'dana@locke-keys.example',
}

describe('payment success page (docs/product.md, "Checkout and payment")', () => {
  it("says 'Verifying your payment...' and then shows the detailed confirmation", async () => {
    const calls = fakeApi({ 'POST /api/api/payments/process-payment-success': () => jsonAnswer(200, paid) })
    await renderApp('/payment-success?session_id=cs_test_123', { user: testUser() })
    expect(screen.getByText('Verifying your payment...')).toBeInTheDocument()
    expect(await screen.findByText('Payment successful! Your order has been placed.')).toBeInTheDocument()
    const processed = calls.find((call) => call.key === 'POST /api/api/payments/process-payment-success')
    expect(JSON.parse(String(processed?.body))).toEqual({ paymentIntentId: 'cs_test_123' })

    const confirmation = screen.getByRole('region', { name: 'Order confirmation' })
    expect(within(confirmation).getByText('cs_test_123')).toBeInTheDocument()
    expect(within(confirmation).getByText('Paid')).toBeInTheDocument()
    expect(within(confirmation).getByText('$119.00')).toBeInTheDocument()
    expect(within(confirmation).getByText('KD-7Q2X9')).toBeInTheDocument()

    const steps = within(screen.getByRole('region', { name: 'What happens next' })).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Payment confirmed'),
      expect.stringMatching(/Your keycode is due by Nov 26, \d+:00 [AP]M, as your plan promises/),
      expect.stringContaining('e-mail notification with your keycode'),
    ])
    expect(screen.getByRole('link', { name: 'Request another keycode' })).toHaveAttribute('href', '/vehicle-keycode-request')
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/))
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', '/user-dash?order=req-1')
  })

  it('leads with the confirmation number and the items, each with its charge, its real state and when its code is due', async () => {
    fakeApi({ 'POST /api/api/payments/process-payment-success': () => jsonAnswer(200, paid) })
    await renderApp('/payment-success?session_id=cs_test_123', { user: testUser() })
    const confirmation = await screen.findByRole('region', { name: 'Order confirmation' })
    const text = confirmation.textContent ?? ''
    expect(text.indexOf('KD-7Q2X9')).toBeLessThan(text.indexOf('cs_test_123'))
    expect(text.indexOf('2020 Ford F-150 keycode')).toBeLessThan(text.indexOf('cs_test_123'))
    const [keycode, plan] = within(confirmation).getAllByRole('listitem')
    expect(keycode).toHaveTextContent('$55.00')
    expect(keycode).toHaveTextContent('Paid, waiting for an admin')
    expect(
      within(keycode as HTMLElement)
        .getByText(/Code due by/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', '2026-11-26T14:00:00.000Z')
    expect(plan).toHaveTextContent('Plan active')
    expect(within(confirmation).queryByText('Processed')).not.toBeInTheDocument()
    expect(
      within(confirmation).getByText('Your keycode will be e-mailed to dana@locke-keys.example and shown in your account.'),
    ).toBeInTheDocument()
  })

  it("speaks of the plan after a plan-only payment: its start, its renewal and the renewal's amount, and no keycode", async () => {
    fakeApi({
      'POST /api/api/payments/process-payment-success': () =>
        jsonAnswer(200, {
          ...paid,
          amount: 24.99,
          items: [{ ...paid.items[1], name: 'Professional plan (monthly)', amount: 24.99 }],
          requestIds: [],
        }),
      'GET /api/user/subscription': () =>
        jsonAnswer(200, {
          tier: 'PROFESSIONAL',
          status: 'ACTIVE',
          billing: 'MONTHLY',
          startDate: '2026-11-26T12:00:00.000Z',
          endDate: '2026-12-26T12:00:00.000Z',
          autoRenew: true,
        }),
    })
    await renderApp('/payment-success?session_id=cs_test_123', { user: testUser() })
    const nextSteps = await screen.findByRole('region', { name: 'What happens next' })
    expect(await within(nextSteps).findByText('Your Professional plan (monthly) is active from Nov 26, 2026.')).toBeInTheDocument()
    expect(within(nextSteps).getByText(/It renews on Dec 26, 2026 for \$24\.99/)).toBeInTheDocument()
    expect(nextSteps).not.toHaveTextContent(/keycode/i)
  })

  it('tells a guest which address receives the code, with a secure link to the order', async () => {
    fakeApi({
      'POST /api/api/payments/process-payment-success': () =>
        jsonAnswer(200, { ...paid, items: paid.items.slice(0, 1), requestIds: [], receiptEmail: 'guest@example.com' }),
    })
    await renderApp('/payment-success?session_id=cs_test_123')
    expect(
      await screen.findByText('Your keycode will be e-mailed to guest@example.com, with a secure link to your order.'),
    ).toBeInTheDocument()
  })

  it('offers no dashboard link for an order without member requests (a guest, or a plan only)', async () => {
    fakeApi({ 'POST /api/api/payments/process-payment-success': () => jsonAnswer(200, { ...paid, requestIds: [] }) })
    await renderApp('/payment-success?session_id=cs_test_123')
    await screen.findByText('Payment successful! Your order has been placed.')
    expect(screen.queryByRole('link', { name: 'View your order' })).not.toBeInTheDocument()
  })

  it('fetches the cart again after the payment is confirmed', async () => {
    fakeApi({ 'POST /api/api/payments/process-payment-success': () => jsonAnswer(200, paid) })
    const { queryClient } = await renderApp('/payment-success?session_id=cs_test_123', { user: testUser() })
    queryClient.setQueryData(cartKeys.items('/cart/items'), [])
    await screen.findByText('Payment successful! Your order has been placed.')
    expect(queryClient.getQueryState(cartKeys.items('/cart/items'))?.isInvalidated).toBe(true)
  })

  it('asks the user to contact support when the order could not be processed', async () => {
    fakeApi({ 'POST /api/api/payments/process-payment-success': () => errorAnswer(404, 'Payment session not found.', 'NOT_FOUND') })
    await renderApp('/payment-success?session_id=cs_test_123')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment successful but there was an issue processing your order. Please contact support.',
    )
    expect(screen.getByText('cs_test_123')).toBeInTheDocument()
  })

  it('explains that there is nothing to confirm without a session id, and calls nothing', async () => {
    const calls = fakeApi({})
    await renderApp('/payment-success')
    expect(screen.getByText('No payment to confirm')).toBeInTheDocument()
    expect(screen.queryByText('Verifying your payment...')).not.toBeInTheDocument()
    expect(calls.filter((call) => call.key.includes('payments'))).toHaveLength(0)
  })

  it("says 'Payment failed. Please try again.' for a failed payment", async () => {
    fakeApi({ 'POST /api/api/payments/process-payment-success': () => jsonAnswer(200, { ...paid, status: 'FAILED' }) })
    await renderApp('/payment-success?session_id=cs_test_123')
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.')
    expect(screen.getByRole('link', { name: 'Return to cart' })).toHaveAttribute('href', '/cart')
  })
})

describe('payment cancelled page (docs/product.md, "Checkout and payment")', () => {
  it('says nothing was charged, the cart remains, and links to the cart, home and support', async () => {
    await renderApp('/payment-cancel')
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument()
    expect(screen.getByText(/No charges were made/)).toBeInTheDocument()
    expect(screen.getByText(/cart items remain/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to cart' })).toHaveAttribute('href', '/cart')
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/))
    expect(screen.getByRole('link', { name: /555/ })).toHaveAttribute('href', expect.stringMatching(/^tel:\+/))
  })
})
