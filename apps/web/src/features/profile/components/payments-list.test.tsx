import { formatDollars } from '@keydesk/contracts/money'
import { planCharge } from '@keydesk/contracts/plan-prices'
import { RECEIPT_MESSAGES } from '@keydesk/contracts/receipts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testTrialStatus } from '../../../test/test-trial-status.ts'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const member = testUser({ subscription: { tier: 'PROFESSIONAL', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })
const monthlyPlan = {
  tier: 'PROFESSIONAL',
  status: 'ACTIVE',
  billing: 'MONTHLY',
  startDate: '2026-11-01T00:00:00.000Z',
  endDate: '2026-12-01T12:00:00.000Z',
  autoRenew: true,
  feeCents: 4999,
  refund: null,
  refundRequestedAt: null,
}
const payment = {
  id: '11111111-1111-4111-8111-111111111111',
  confirmationNumber: 'KD-ABCDEFGHJK',
  paidAt: '2026-11-02T15:00:00.000Z',
  currency: 'usd',
  lines: [
    { kind: 'KEYCODE', name: 'Honda Civic 2016 keycode', description: 'Keycode lookup', priceRule: 'Member price', amountCents: 3600 },
    { kind: 'KEYCODE', name: 'Honda Civic 2016 keycode', description: 'Keycode lookup', priceRule: 'Member price', amountCents: 3600 },
  ],
  refunds: [
    { what: 'Honda Civic 2016 keycode: The portal has no code for this VIN.', refundedAt: '2026-11-03T10:00:00.000Z', amountCents: 3600 },
  ],
  chargedCents: 7200,
  refundedCents: 3600,
  netCents: 3600,
}

async function openBillingPage(payments: unknown[], total = payments.length) {
  fakeApi({
    'GET /api/user/profile': () => jsonAnswer(200, {}),
    'GET /api/user/notices': () => jsonAnswer(200, []),
    'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus({})),
    'GET /api/user/subscription': () => jsonAnswer(200, monthlyPlan),
    'GET /api/user/payments': () => jsonAnswer(200, { payments, total, page: 1, pageSize: 25 }),
  })
  await renderApp('/profile?tab=subscription', { user: member })
  return screen.findByRole('region', { name: 'Payments and receipts' })
}

describe('the billing page (Profile › Subscription)', () => {
  it("states the plan's billing period and its next charge at the period's price", async () => {
    await openBillingPage([])
    const panel = await screen.findByRole('tabpanel')
    expect(await within(panel).findByText('Monthly')).toBeInTheDocument()
    const renewal = planCharge('PROFESSIONAL', 'MONTHLY')?.periodCents ?? 0
    expect(within(panel).getByText(`${formatDollars(renewal)} on December 1, 2026`)).toBeInTheDocument()
  })

  it('lists each payment with its lines, refunds, what was paid after them and its receipt', async () => {
    const section = await openBillingPage([payment])
    const card = await within(section).findByText('KD-ABCDEFGHJK')
    const item = card.closest('li') as HTMLElement
    expect(item).toHaveTextContent('$72.00')
    expect(item).toHaveTextContent('Refunded on November 3, 2026: Honda Civic 2016 keycode: The portal has no code for this VIN.')
    expect(item).toHaveTextContent('Paid after refunds: $36.00')
    expect(within(item).getByRole('link', { name: 'Download the receipt of KD-ABCDEFGHJK (PDF)' })).toHaveAttribute(
      'href',
      `/api/user/payments/${payment.id}/receipt.pdf`,
    )
  })

  it('names the business and location a team member ordered for', async () => {
    const section = await openBillingPage([{ ...payment, orderedFor: { business: 'Northside Locks', locations: ['Downtown'] } }])
    const item = (await within(section).findByText('KD-ABCDEFGHJK')).closest('li') as HTMLElement
    expect(item).toHaveTextContent('Ordered for Northside Locks, Downtown')
  })

  it('says so when there are no payments yet', async () => {
    const section = await openBillingPage([])
    expect(await within(section).findByText('You have no payments yet.')).toBeInTheDocument()
  })

  it('refuses a month that is not a month, in words, before downloading', async () => {
    const section = await openBillingPage([])
    const month = within(section).getByLabelText('Month')
    await userEvent.clear(month)
    await userEvent.click(within(section).getByRole('button', { name: "Download the month's receipts (CSV)" }))
    expect(within(section).getByText(RECEIPT_MESSAGES.monthInvalid)).toBeInTheDocument()
    expect(month).toHaveAttribute('aria-invalid', 'true')
  })
})
