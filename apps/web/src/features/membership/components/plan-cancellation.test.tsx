import { ANNUAL_PLAN_MONTH_MS, REFUND_MESSAGES, REFUND_REFUSALS } from '@keydesk/contracts/refunds'
import { SUBSCRIPTION_MESSAGES } from '@keydesk/contracts/subscription'
import { DAY_MS } from '@keydesk/contracts/time'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FakeAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testTrialStatus } from '../../../test/test-trial-status.ts'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const member = testUser({ subscription: { tier: 'PROFESSIONAL', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })

/** A plan started `elapsedMs` before the screen's own clock, which the refund rule reads. */
function plan(elapsedMs: number, overrides: Record<string, unknown> = {}) {
  const start = Date.now() - elapsedMs
  return {
    tier: 'PROFESSIONAL',
    status: 'ACTIVE',
    billing: 'ANNUAL',
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 365 * DAY_MS).toISOString(),
    autoRenew: true,
    feeCents: 19_800,
    refund: null,
    refundRequestedAt: null,
    ...overrides,
  }
}

// Two months used and the third begun: 9 unused months of 12 × $198.00 = $148.50, less $5.00.
const NINE_UNUSED = 2 * ANNUAL_PLAN_MONTH_MS + DAY_MS

async function openBillingPage(answers: Record<string, FakeAnswer>) {
  const calls = fakeApi({
    'GET /api/user/profile': () => jsonAnswer(200, {}),
    'GET /api/user/notices': () => jsonAnswer(200, []),
    'GET /api/trial/status': () => jsonAnswer(200, testTrialStatus({})),
    'GET /api/user/payments': () => jsonAnswer(200, { payments: [], total: 0, page: 1, pageSize: 25 }),
    ...answers,
  })
  await renderApp('/profile?tab=subscription', { user: member })
  return { calls, section: await screen.findByRole('region', { name: 'Cancellation and refund' }) }
}

describe('cancelling a plan on the billing page (docs/decisions/032)', () => {
  it("offers both choices to an annual member, the refund now at the policy's amount of today", async () => {
    const { section } = await openBillingPage({ 'GET /api/user/subscription': () => jsonAnswer(200, plan(NINE_UNUSED)) })
    expect(section).toHaveTextContent('The Refund Policy gives $143.50 today')
    expect(section).toHaveTextContent('9 unused months of 12 × $198.00, less the $5.00 processing fee.')
    expect(within(section).getByRole('button', { name: 'Cancel at the end of the period' })).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Cancel now with a refund of $143.50' })).toBeInTheDocument()
  })

  it("offers a monthly member only the period's end, and says why there is no refund", async () => {
    const monthly = plan(DAY_MS, {
      tier: 'BASIC',
      billing: 'MONTHLY',
      feeCents: 999,
      endDate: new Date(Date.now() + 29 * DAY_MS).toISOString(),
    })
    const { section } = await openBillingPage({ 'GET /api/user/subscription': () => jsonAnswer(200, monthly) })
    expect(section).toHaveTextContent(`No refund: ${REFUND_REFUSALS.MONTHLY}`)
    expect(within(section).queryByRole('button', { name: /Cancel now/ })).not.toBeInTheDocument()
  })

  it('says why none when the unused months come to less than the $10 minimum', async () => {
    const { section } = await openBillingPage({
      'GET /api/user/subscription': () =>
        jsonAnswer(200, plan(11 * ANNUAL_PLAN_MONTH_MS + DAY_MS, { status: 'CANCELLED', autoRenew: false })),
    })
    expect(section).toHaveTextContent(`No refund: ${REFUND_REFUSALS.BELOW_MINIMUM}`)
    expect(within(section).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument()
  })

  it("cancels at the period's end after confirmation, and focus lands on the answer", async () => {
    const active = plan(NINE_UNUSED)
    const { calls, section } = await openBillingPage({
      'GET /api/user/subscription': () => jsonAnswer(200, active),
      'POST /api/user/subscription/cancel': () =>
        jsonAnswer(200, { ...active, status: 'CANCELLED', autoRenew: false, message: SUBSCRIPTION_MESSAGES.cancelled }),
    })
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel at the end of the period' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel at the end of the period?' })
    expect(calls.some((call) => call.key === 'POST /api/user/subscription/cancel')).toBe(false)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }))
    const answer = await within(section).findByText(SUBSCRIPTION_MESSAGES.cancelled)
    await vi.waitFor(() => expect(answer.closest('[tabindex="-1"]')).toHaveFocus())
    expect(section).toHaveTextContent('Your plan will not renew')
    expect(screen.getByText('None: the plan ends on', { exact: false })).toBeInTheDocument()
  })

  it('keeps the plan when the member changes their mind', async () => {
    const { calls, section } = await openBillingPage({ 'GET /api/user/subscription': () => jsonAnswer(200, plan(NINE_UNUSED)) })
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel now with a refund of $143.50' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep my plan' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
  })

  it('asks for the refund now, then follows it: requested on a day', async () => {
    const active = plan(NINE_UNUSED)
    const requestedAt = new Date().toISOString()
    const { calls, section } = await openBillingPage({
      'GET /api/user/subscription': () => jsonAnswer(200, active),
      'POST /api/user/subscription/refund-request': () =>
        jsonAnswer(200, {
          ...active,
          status: 'CANCELLED',
          autoRenew: false,
          refundRequestedAt: requestedAt,
          message: REFUND_MESSAGES.requested(14_350),
        }),
    })
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel now with a refund of $143.50' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel now with a refund?' })
    expect(dialog).toHaveTextContent('The Refund Policy gives $143.50 today')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask for the refund' }))
    const answer = await within(section).findByText(REFUND_MESSAGES.requested(14_350))
    await vi.waitFor(() => expect(answer.closest('[tabindex="-1"]')).toHaveFocus())
    expect(calls.filter((call) => call.key === 'POST /api/user/subscription/refund-request')).toHaveLength(1)
    expect(section).toHaveTextContent('Refund requested on')
    expect(within(section).queryByRole('button', { name: /Cancel now/ })).not.toBeInTheDocument()
  })

  it('shows the refund paid, with its day and amount, once our team has paid it', async () => {
    const { section } = await openBillingPage({
      'GET /api/user/subscription': () =>
        jsonAnswer(
          200,
          plan(NINE_UNUSED, {
            status: 'EXPIRED',
            refundRequestedAt: '2026-03-02T12:00:00.000Z',
            refund: { amountCents: 14_350, refundedAt: '2026-03-03T12:00:00.000Z' },
          }),
        ),
    })
    expect(section).toHaveTextContent('Refunded $143.50 on March 3, 2026, to the card you paid with.')
  })
})
