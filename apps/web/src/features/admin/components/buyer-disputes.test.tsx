import { DISPUTE_MESSAGES } from '@keydesk/contracts/disputes'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { testUser } from '../../../test/test-user.ts'
import { BuyerDisputes } from './buyer-disputes.tsx'

afterEach(() => vi.unstubAllGlobals())

const DISPUTE_ID = '5f0c2a1e-8b7d-4c3a-9e21-0a1b2c3d4e5f'
const dispute = {
  id: DISPUTE_ID,
  providerDisputeId: 'dp_test_1',
  confirmationNumber: 'KD-Y9E8U5GSWZ',
  amountCents: 6000,
  reason: 'product_not_received',
  status: 'OPEN',
  releasedBefore: true,
  reviewPending: true,
  reviewClearedAt: null,
  openedAt: '2026-11-22T10:00:00.000Z',
  closedAt: null,
}
const details = (disputes: unknown[]) => ({
  ...testUser({ id: 'u1' }),
  frontId: null,
  backId: null,
  insurance: null,
  frontIdImage: null,
  backIdImage: null,
  insuranceImage: null,
  disputes,
})

function renderDisputes(isSuperAdmin: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BuyerDisputes buyerId="u1" isSuperAdmin={isSuperAdmin} />
    </QueryClientProvider>,
  )
}

describe("the buyer's payment disputes in the order panel", () => {
  it('lets a super admin clear the review of a dispute raised after a release', async () => {
    const calls = fakeApi({
      'GET /api/auth/getUserProfile/u1': () => jsonAnswer(200, details([dispute])),
      [`POST /api/super-admin/disputes/${DISPUTE_ID}/clear-review`]: () =>
        jsonAnswer(200, { message: DISPUTE_MESSAGES.reviewCleared, dispute: { ...dispute, reviewPending: false } }),
    })
    renderDisputes(true)
    expect(await screen.findByText(/\$60\.00 disputed on order KD-Y9E8U5GSWZ/)).toBeInTheDocument()
    expect(screen.getByText('Further orders wait for a super admin to review this account.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear review' }))
    expect(await screen.findByText(DISPUTE_MESSAGES.reviewCleared)).toBeInTheDocument()
    expect(calls.some((call) => call.key === `POST /api/super-admin/disputes/${DISPUTE_ID}/clear-review`)).toBe(true)
  })

  it('shows an admin the dispute without the button only a super admin has', async () => {
    fakeApi({ 'GET /api/auth/getUserProfile/u1': () => jsonAnswer(200, details([dispute])) })
    renderDisputes(false)
    expect(await screen.findByText(/\$60\.00 disputed/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear review' })).toBeNull()
  })
})
