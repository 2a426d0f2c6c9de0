import { REFUND_REFUSALS } from '@keydesk/contracts/refunds'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, type FakeAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const superAdmin = testUser({ role: 'SUPER_ADMIN' })
const PLAN_ID = '8d0f6a52-3c1e-4b7a-9f21-6e5d4c3b2a10'

const annualPlan = (overrides: Record<string, unknown> = {}) => ({
  id: PLAN_ID,
  tier: 'PROFESSIONAL',
  status: 'CANCELLED',
  userEmail: 'rosa@example.com',
  memberName: 'Rosa Díaz',
  billing: 'ANNUAL',
  refundedCents: null,
  ...overrides,
})

const preview = (refund: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
  subscriptionId: PLAN_ID,
  tier: 'PROFESSIONAL',
  billing: 'ANNUAL',
  status: 'CANCELLED',
  startDate: '2026-03-02T09:00:00.000Z',
  endDate: '2027-03-02T09:00:00.000Z',
  feeCents: 19_800,
  memberEmail: 'rosa@example.com',
  refund,
  issued: null,
  ...overrides,
})

const REFUNDABLE = {
  amountCents: 17_650,
  unusedMonths: 11,
  reason: null,
  message: '11 unused months of 12 × $198.00, less the $5.00 processing fee.',
}

function dashboard(answers: Record<string, FakeAnswer>) {
  return fakeApi({
    'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
    'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
    'GET /api/admin/transactions': () => jsonAnswer(200, []),
    'GET /api/admin/subscriptions': () => jsonAnswer(200, [annualPlan()]),
    ...answers,
  })
}

async function openRefund() {
  const subscriptions = await screen.findByRole('region', { name: 'Subscriptions' })
  await userEvent.click(await within(subscriptions).findByRole('button', { name: 'Refund the Professional plan (annual) of Rosa Díaz' }))
  return screen.getByRole('dialog', { name: 'Refund this plan?' })
}

describe('the plan refund dialog (docs/decisions/020)', () => {
  it('shows the amount the server previews before anything is issued, then issues it on confirmation', async () => {
    const calls = dashboard({
      [`GET /api/admin/subscriptions/${PLAN_ID}/refund`]: () => jsonAnswer(200, preview(REFUNDABLE)),
      [`POST /api/admin/subscriptions/${PLAN_ID}/refund`]: () =>
        jsonAnswer(200, {
          message: 'Refund of $176.50 issued. The plan has ended.',
          subscriptionId: PLAN_ID,
          amountCents: 17_650,
          refundedAt: '2026-03-03T09:00:00.000Z',
        }),
    })
    await renderApp('/admin', { user: superAdmin })
    const dialog = await openRefund()
    expect(await within(dialog).findByText('Refund today: $176.50')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('11 unused months of 12 × $198.00, less the $5.00 processing fee.')
    expect(dialog).toHaveTextContent('rosa@example.com')
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)

    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue refund of $176.50' }))
    expect(await screen.findByText('Refund of $176.50 issued. The plan has ended.')).toBeInTheDocument()
    expect(calls.filter((call) => call.key === `POST /api/admin/subscriptions/${PLAN_ID}/refund`)).toHaveLength(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Focus lands on what the refund did, not on the page body.
    expect(screen.getByText('Refund of $176.50 issued. The plan has ended.').closest('[tabindex="-1"]')).toHaveFocus()
  })

  it('says why the policy gives nothing and offers no way to issue', async () => {
    dashboard({
      [`GET /api/admin/subscriptions/${PLAN_ID}/refund`]: () =>
        jsonAnswer(200, preview({ amountCents: 0, unusedMonths: 0, reason: 'BELOW_MINIMUM', message: REFUND_REFUSALS.BELOW_MINIMUM })),
    })
    await renderApp('/admin', { user: superAdmin })
    const dialog = await openRefund()
    expect(await within(dialog).findByText(`No refund: ${REFUND_REFUSALS.BELOW_MINIMUM}`)).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /Issue refund/ })).not.toBeInTheDocument()
  })

  it("keeps the dialog open with the server's reason when issuing is refused", async () => {
    dashboard({
      [`GET /api/admin/subscriptions/${PLAN_ID}/refund`]: () => jsonAnswer(200, preview(REFUNDABLE)),
      [`POST /api/admin/subscriptions/${PLAN_ID}/refund`]: () => errorAnswer(409, REFUND_REFUSALS.REFUNDED, 'CONFLICT'),
    })
    await renderApp('/admin', { user: superAdmin })
    const dialog = await openRefund()
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Issue refund of $176.50' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFUND_REFUSALS.REFUNDED)
  })

  it('retries an attempt that did not finish at the amount it recorded', async () => {
    dashboard({
      [`GET /api/admin/subscriptions/${PLAN_ID}/refund`]: () =>
        jsonAnswer(200, preview(REFUNDABLE, { issued: { status: 'FAILED', amountCents: 18_000, refundedAt: null } })),
    })
    await renderApp('/admin', { user: superAdmin })
    const dialog = await openRefund()
    expect(await within(dialog).findByText(/An earlier refund of \$180\.00 did not finish \(failed\)/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Issue refund of $180.00' })).toBeInTheDocument()
  })

  it('lists a refund paid, and gives the refund control to super admins only', async () => {
    dashboard({
      'GET /api/admin/subscriptions': () =>
        jsonAnswer(200, [
          annualPlan(),
          annualPlan({ id: 'sub-refunded', memberName: 'Ada Byrne', status: 'EXPIRED', refundedCents: 17_650 }),
        ]),
    })
    await renderApp('/admin', { user: testUser({ role: 'ADMIN' }) })
    const subscriptions = await screen.findByRole('region', { name: 'Subscriptions' })
    expect((await within(subscriptions).findByText('Ada Byrne')).closest('tr')).toHaveTextContent('Refunded $176.50')
    expect(within(subscriptions).queryByRole('button', { name: /^Refund the/ })).not.toBeInTheDocument()
  })
})
