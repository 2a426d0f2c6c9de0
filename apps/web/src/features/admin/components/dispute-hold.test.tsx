import type { AdminRequest } from '@keydesk/contracts/admin'
import { DISPUTE_MESSAGES } from '@keydesk/contracts/disputes'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { OrderPanel } from './order-panel.tsx'
import { QueueTable } from './queue-table.tsx'

const request = (id: string, extra: Partial<AdminRequest> = {}): AdminRequest => ({
  id,
  make: 'Ford',
  model: 'F-150',
  year: 2020,
  vin: `1FTEW1EP0LFA0000${id.length}`,
  status: 'INPROGRESS',
  price: 70,
  keycodePrice: 70,
  keycodeUserEmail: 'owner@example.com',
  buyerId: 'u1',
  checkoutEmail: 'owner@example.com',
  checkoutName: null,
  isValidatedUser: true,
  accountState: 'ACTIVE',
  frontId: null,
  backId: null,
  registration: null,
  licenseFront: null,
  licenseBack: null,
  ownershipDocument: null,
  ownerName: null,
  platePhoto: null,
  odometerPhoto: null,
  paidAt: '2026-11-22T10:00:00.000Z',
  paidPrice: 70,
  isGuest: false,
  documents: [],
  servicePlan: 'NONE',
  dueAt: '2026-11-24T10:00:00.000Z',
  buyerName: `Buyer ${id}`,
  startedBy: null,
  batch: null,
  ...extra,
})

describe('orders held by a dispute', () => {
  it('marks a disputed order in its queue row and leaves the others unmarked', () => {
    render(
      <QueueTable
        label="In progress"
        requests={[request('held', { disputeHold: 'DISPUTE_OPEN' }), request('free-order', { disputeHold: null })]}
        now={new Date('2026-11-22T12:00:00.000Z')}
        renderDetail={() => null}
      />,
    )
    const rows = screen.getAllByRole('row').slice(1)
    const held = rows.find((row) => within(row).queryByText('Buyer held'))
    const free = rows.find((row) => within(row).queryByText('Buyer free-order'))
    expect(held && within(held).getByText('payment disputed')).toBeInTheDocument()
    expect(free && within(free).queryByText('payment disputed')).toBeNull()
  })

  it('says in the order panel why the keycode cannot be released instead of offering the form', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderPanel
          request={request('review', { disputeHold: 'AWAITING_REVIEW', buyerId: null })}
          onEnlarge={() => {}}
          hasKeys
          onMessage={() => {}}
          onReleased={() => {}}
        />
      </QueryClientProvider>,
    )
    expect(screen.getByText(DISPUTE_MESSAGES.releaseAwaitingReview)).toBeInTheDocument()
    expect(screen.queryByLabelText('Keycode')).toBeNull()
  })
})
