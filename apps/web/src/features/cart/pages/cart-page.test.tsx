import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveGuestInfo } from '../../../lib/guest-info.ts'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testCartItem } from '../../../test/test-cart-item.ts'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('cart page', () => {
  it('totals the items with the member discount of the tier (docs/product.md, "Cart")', async () => {
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70), testCartItem('b', 85)]) })
    await renderApp('/cart', {
      user: testUser({ subscription: { tier: 'PROFESSIONAL', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } }),
    })
    expect(await screen.findByText('$124.00')).toBeInTheDocument()
    expect(screen.getByText('Member discount (20%)')).toBeInTheDocument()
  })

  it("never discounts a plan line: a trial's 25% applies to the keycode beside it only", async () => {
    const plan = {
      ...testCartItem('p', 99.99),
      kind: 'SUBSCRIPTION',
      subscriptionTier: 'ENTERPRISE',
      make: null,
      model: null,
      year: null,
      vinLast4: null,
    }
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [plan, testCartItem('a', 60)]) })
    await renderApp('/cart', {
      user: testUser({ subscription: { tier: 'ENTERPRISE', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } }),
    })
    // 99.99 + 60 less 25% of 60 (15.00): 144.99.
    expect(await screen.findByText('$144.99')).toBeInTheDocument()
    expect(screen.getByText('−$15.00')).toBeInTheDocument()
  })

  it("follows each line's own discount and shows its rule: a Basic member's second Ford of the month pays the member price", async () => {
    const used = {
      ...testCartItem('a', 70),
      finalPrice: 55,
      discountPercent: 0,
      priceNote: 'Member price. Your Basic discount for this month is used; next on Dec 1, 2026',
    }
    const toyota = {
      ...testCartItem('b', 75),
      make: 'Toyota',
      model: 'Camry',
      discountPercent: 0,
      priceNote: 'Standard price: Basic covers Ford, Nissan and Chevrolet',
    }
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [used, toyota]) })
    await renderApp('/cart', {
      user: testUser({ subscription: { tier: 'BASIC', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } }),
    })
    expect(await screen.findByText('Member price. Your Basic discount for this month is used; next on Dec 1, 2026')).toBeInTheDocument()
    expect(screen.getByText('Standard price: Basic covers Ford, Nissan and Chevrolet')).toBeInTheDocument()
    const summary = screen.getByRole('region', { name: 'Order summary' })
    expect(within(summary).getAllByText('$130.00')).toHaveLength(2)
    expect(within(summary).queryByText(/Member discount/)).not.toBeInTheDocument()
  })

  it('shows the place of a bulk line in its batch under the vehicle', async () => {
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [{ ...testCartItem('a', 70), batch: '3 of 20, batch B-7K2Q4M' }]) })
    await renderApp('/cart', { user: testUser() })
    const line = (await screen.findByText('2020 Ford F-150')).closest('li') as HTMLElement
    expect(within(line).getByText('3 of 20, batch B-7K2Q4M')).toBeInTheDocument()
  })

  it('shows on a discounted bulk line what it will charge: $44.00 with its 20% plan discount, the $55.00 before it struck out', async () => {
    const line = {
      ...testCartItem('a', 70),
      finalPrice: 55,
      discountPercent: 20,
      priceNote: 'Member price. 20% plan discount',
      batch: '3 of 20, batch B-7K2Q4M',
    }
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [line]) })
    await renderApp('/cart', {
      user: testUser({ subscription: { tier: 'PROFESSIONAL', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } }),
    })
    const item = (await screen.findByText('2020 Ford F-150')).closest('li') as HTMLElement
    expect(within(item).getByText('$44.00')).toBeInTheDocument()
    expect(item).toHaveTextContent('Before discount $55.00')
  })

  it('shows no discount line to a guest, who has none', async () => {
    saveGuestInfo('7b0c4a9e-3f7a-4a0e-9a55-0c1d2e3f4a5b', 'cart-1')
    fakeApi({ 'GET /api/cart/items/public': () => jsonAnswer(200, [testCartItem('a', 70)]) })
    await renderApp('/cart')
    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect(within(summary).queryByText(/discount/i)).not.toBeInTheDocument()
  })

  it('tells a member how long an unpaid request is kept', async () => {
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70)]) })
    await renderApp('/cart', { user: testUser() })
    expect(await screen.findByText(/Unpaid keycode requests are kept for 30 days after their last change/)).toBeInTheDocument()
  })

  it('loads a guest cart by the guest id kept in the browser', async () => {
    saveGuestInfo('7b0c4a9e-3f7a-4a0e-9a55-0c1d2e3f4a5b', 'cart-1')
    const calls = fakeApi({ 'GET /api/cart/items/public': () => jsonAnswer(200, [testCartItem('a', 70)]) })
    await renderApp('/cart')
    expect(await screen.findByText('2020 Ford F-150')).toBeInTheDocument()
    expect(calls[0]?.url).toContain('guestUserId=7b0c4a9e-3f7a-4a0e-9a55-0c1d2e3f4a5b')
  })

  it("removes an item with 'Item removed from cart successfully!'", async () => {
    fakeApi({
      'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70)]),
      'DELETE /api/cart/remove/a': () => jsonAnswer(200, { message: 'ok' }),
    })
    await renderApp('/cart', { user: testUser() })
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }))
    expect(await screen.findByText('Item removed from cart successfully!')).toBeInTheDocument()
  })

  it("says 'Failed to fetch cart items. Please try again.' when the cart cannot load", async () => {
    fakeApi({ 'GET /api/cart/items': () => errorAnswer(500, 'Something went wrong') })
    await renderApp('/cart', { user: testUser() })
    expect(await screen.findByText('Failed to fetch cart items. Please try again.')).toBeInTheDocument()
  })
  it('opens and closes the checkout modal', async () => {
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [testCartItem('a', 70)]) })
    await renderApp('/cart', { user: testUser() })
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout' }))
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeVisible()
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Checkout' })).getByRole('button', { name: /Close/ }))
    expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument()
  })

  it('adds a plan while the tier is NONE, and disables plans for a subscriber', async () => {
    const calls = fakeApi({
      'GET /api/cart/items': () => jsonAnswer(200, []),
      'POST /api/cart/addSubscription': () => jsonAnswer(200, { message: 'Basic Subscription added to your cart successfully!' }),
    })
    await renderApp('/cart', { user: testUser() })
    await userEvent.click(await screen.findByRole('button', { name: 'Add Basic' }))
    expect(await screen.findByText('Basic Subscription added to your cart successfully!')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/cart/addSubscription')).toBe(true)
  })

  it('does not offer again a plan already in the cart', async () => {
    const plan = {
      ...testCartItem('p', 9.99),
      kind: 'SUBSCRIPTION',
      subscriptionTier: 'BASIC',
      make: null,
      model: null,
      year: null,
      vinLast4: null,
    }
    fakeApi({ 'GET /api/cart/items': () => jsonAnswer(200, [plan]) })
    await renderApp('/cart', { user: testUser() })
    const plans = await screen.findByRole('region', { name: 'Save with a membership' })
    expect(within(plans).getByText('In your cart')).toBeInTheDocument()
    expect(within(plans).queryByRole('button', { name: 'Add Basic' })).not.toBeInTheDocument()
    expect(within(plans).getByRole('button', { name: 'Add Professional' })).toBeInTheDocument()
  })
})
