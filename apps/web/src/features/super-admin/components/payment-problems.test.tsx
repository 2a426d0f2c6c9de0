import { DISPUTE_MESSAGES } from '@keydesk/contracts/disputes'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const superAdmin = testUser({ role: 'SUPER_ADMIN', email: 'boss@keydesk.test' })
const DISPUTE_ID = '5f0c2a1e-8b7d-4c3a-9e21-0a1b2c3d4e5f'
const dispute = {
  id: DISPUTE_ID,
  providerDisputeId: 'dp_test_1',
  confirmationNumber: 'KD-Y9E8U5GSWZ',
  amountCents: 6000,
  reason: 'fraudulent',
  status: 'OPEN',
  releasedBefore: true,
  reviewPending: true,
  reviewClearedAt: null,
  openedAt: '2026-11-22T10:00:00.000Z',
  closedAt: null,
  buyer: { id: 'u1', name: 'Owen Owner', email: 'owen@example.com' },
}
const failedRefund = {
  id: 'r1',
  vehicleRequestId: 'v1',
  transactionId: 't1',
  amountCents: 6000,
  providerRefundId: 're_test_failed',
  lastError: 'The payment provider reported the refund failed: expired_or_canceled_card',
  attemptedAt: '2026-11-23T10:00:00.000Z',
}

function serve(overrides = {}) {
  return fakeApi({
    'GET /api/admin-approval/pending': () => jsonAnswer(200, []),
    'GET /api/admin-approval/approved': () => jsonAnswer(200, []),
    'GET /api/admin-approval/rejected': () => jsonAnswer(200, []),
    'GET /api/admin/action-log': () => jsonAnswer(200, { entries: [], nextBefore: null }),
    'GET /api/super-admin/disputes': () => jsonAnswer(200, { disputes: [dispute], failedRefunds: [failedRefund] }),
    ...overrides,
  })
}

describe("the super admin's payment disputes and failed refunds", () => {
  it('lists disputes with their buyer and the refunds that failed at the provider', async () => {
    serve()
    await renderApp('/super-admin', { user: superAdmin })
    const disputes = await screen.findByRole('list', { name: 'Payment disputes' })
    expect(within(disputes).getByText('Owen Owner')).toBeInTheDocument()
    expect(within(disputes).getByText(/\$60\.00 disputed on order KD-Y9E8U5GSWZ/)).toBeInTheDocument()
    const failed = screen.getByRole('list', { name: 'Refunds that failed at the provider' })
    expect(within(failed).getByText(/expired_or_canceled_card/)).toBeInTheDocument()
  })

  it("clears a buyer's review and reads the list again", async () => {
    let cleared = false
    const calls = serve({
      'GET /api/super-admin/disputes': () => jsonAnswer(200, { disputes: [{ ...dispute, reviewPending: !cleared }], failedRefunds: [] }),
      [`POST /api/super-admin/disputes/${DISPUTE_ID}/clear-review`]: () => {
        cleared = true
        return jsonAnswer(200, { message: DISPUTE_MESSAGES.reviewCleared, dispute: { ...dispute, reviewPending: false } })
      },
    })
    await renderApp('/super-admin', { user: superAdmin })
    await userEvent.click(await screen.findByRole('button', { name: 'Clear review' }))
    expect(await screen.findByText(DISPUTE_MESSAGES.reviewCleared)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear review' })).toBeNull()
    expect(calls.filter((call) => call.key === 'GET /api/super-admin/disputes')).toHaveLength(2)
  })
})
