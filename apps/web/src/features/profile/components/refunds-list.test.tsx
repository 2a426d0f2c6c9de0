import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const orders = (refunds: unknown[]) => ({
  status: { ACCOUNT: true, DOCS: false, PROCESSING: false, COMPLETED: false },
  statusMap: { PENDING: 0, INPROGRESS: 0, FULFILLED: 0 },
  orders: [],
  total: 0,
  page: 1,
  pageSize: 25,
  refunds,
})

async function openOrders(answer: unknown) {
  fakeApi({
    'GET /api/user/profile': () => jsonAnswer(200, {}),
    'GET /api/user/notices': () => jsonAnswer(200, []),
    'GET /api/user/orders': () => jsonAnswer(200, answer),
  })
  await renderApp('/profile', { user: testUser() })
  await userEvent.click(screen.getByRole('tab', { name: 'Orders' }))
  await screen.findByText('You have no orders yet.')
}

describe("the member's order history: refunds (docs/decisions/020)", () => {
  it('lists a plan refund with its plan, order and amount', async () => {
    await openOrders(
      orders([
        {
          id: 'r1',
          refundedAt: '2026-03-03T12:00:00.000Z',
          tier: 'PROFESSIONAL',
          billing: 'ANNUAL',
          confirmationNumber: 'KD-ABCDEFGHJK',
          amountCents: 17_650,
        },
      ]),
    )
    const refunds = screen.getByRole('region', { name: 'Refunds' })
    const row = within(refunds).getByText('KD-ABCDEFGHJK').closest('tr') as HTMLElement
    expect(row).toHaveTextContent('Professional plan (annual)')
    expect(row).toHaveTextContent('$176.50')
  })

  it('shows no refunds section when nothing was refunded', async () => {
    await openOrders(orders([]))
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument()
  })
})
