import { MANUFACTURER_PRICING } from '@keydesk/contracts/manufacturer-pricing'
import { CURRENCY_NOTE } from '@keydesk/contracts/money'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

afterEach(() => vi.unstubAllGlobals())

async function renderPricing() {
  fakeApi({ 'GET /api/pricing': () => jsonAnswer(200, MANUFACTURER_PRICING) })
  return await renderApp('/pricing')
}

describe('pricing page (docs/product.md, "Screens and routes (web)")', () => {
  it("shows 'Loading keycode pricing...' first", async () => {
    await renderPricing()
    expect(screen.getByText('Loading keycode pricing...')).toBeInTheDocument()
  })

  it('says that every price is in US dollars, for customers in both countries', async () => {
    await renderPricing()
    expect(screen.getByText(CURRENCY_NOTE)).toBeInTheDocument()
  })

  it('shows one card per manufacturer with both prices and the PIN note', async () => {
    await renderPricing()
    const nissan = await screen.findByRole('article', { name: 'Nissan' }, { timeout: 2000 })
    expect(within(nissan).getByText('$70')).toBeInTheDocument()
    expect(within(nissan).getByText('$36')).toBeInTheDocument()
    expect(within(nissan).getByRole('link', { name: 'Get Nissan Keycode' })).toHaveAttribute('href', '/vehicle-keycode-request')
    expect(screen.getAllByRole('article')).toHaveLength(MANUFACTURER_PRICING.length)
  })

  it('never advertises a member less than an order charges: Nissan shows the $56 an order charges, not $36', async () => {
    fakeApi({
      'GET /api/pricing': () =>
        jsonAnswer(
          200,
          MANUFACTURER_PRICING.map((entry) => (entry.name === 'Nissan' ? { ...entry, orderMemberPrice: 56 } : entry)),
        ),
    })
    await renderApp('/pricing')
    const nissan = await screen.findByRole('article', { name: 'Nissan' }, { timeout: 2000 })
    expect(within(nissan).getByText('$56')).toBeInTheDocument()
    expect(within(nissan).queryByText('$36')).not.toBeInTheDocument()
    expect(within(nissan).getByText('Key + PIN required, +$20 for non-members')).toBeInTheDocument()
  })

  it('says on each card whether Basic covers the make', async () => {
    await renderPricing()
    const ford = await screen.findByRole('article', { name: 'Ford' }, { timeout: 2000 })
    expect(within(ford).getByText('Basic: member price, 15% off one keycode each plan month')).toBeInTheDocument()
    expect(
      within(screen.getByRole('article', { name: 'GMC' })).getByText(
        'Basic: the $70 standard price (Basic covers Ford, Nissan and Chevrolet)',
      ),
    ).toBeInTheDocument()
  })

  it("shows 'Ask' for a member price of null and 'Includes PIN code' by default", async () => {
    await renderPricing()
    const mitsubishi = await screen.findByRole('article', { name: 'Mitsubishi' }, { timeout: 2000 })
    expect(within(mitsubishi).getByText('Ask')).toBeInTheDocument()
    expect(within(screen.getByRole('article', { name: 'Toyota' })).getByText('Includes PIN code')).toBeInTheDocument()
  })

  it('searches name, description and popular models regardless of case', async () => {
    await renderPricing()
    await screen.findByRole('article', { name: 'Toyota' }, { timeout: 2000 })
    await userEvent.type(screen.getByLabelText('Search'), 'SILVERADO')
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'))).toEqual(['pricing-chevrolet'])
  })

  it("filters by manufacturer, starting at 'All Manufacturers'", async () => {
    await renderPricing()
    await screen.findByRole('article', { name: 'Toyota' }, { timeout: 2000 })
    const select = screen.getByLabelText('Manufacturer')
    expect(select).toHaveValue('All Manufacturers')
    await userEvent.selectOptions(select, 'BMW')
    expect(screen.getAllByRole('article')).toHaveLength(1)
  })
})
