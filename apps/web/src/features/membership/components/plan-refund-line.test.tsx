import { ANNUAL_PLAN_MONTH_MS, REFUND_REFUSALS } from '@keydesk/contracts/refunds'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const DAY_MS = 24 * 60 * 60 * 1000
const member = testUser({ subscription: { tier: 'PROFESSIONAL', status: 'ACTIVE', trial: false, trialEndsAt: null, activated: true } })

/** A plan started `elapsedMs` before the screen's own clock, which the refund line reads. */
function plan(elapsedMs: number, overrides: Record<string, unknown> = {}) {
  const start = Date.now() - elapsedMs
  return {
    tier: 'PROFESSIONAL',
    status: 'CANCELLED',
    billing: 'ANNUAL',
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 365 * DAY_MS).toISOString(),
    autoRenew: false,
    feeCents: 19_800,
    refund: null,
    ...overrides,
  }
}

// Two months used and the third begun: 9 unused months of 12 × $198.00 = $148.50, less $5.00.
const NINE_UNUSED = 2 * ANNUAL_PLAN_MONTH_MS + DAY_MS

describe("the subscription screen's refund line (docs/decisions/020)", () => {
  it('shows the refund the policy gives today once an annual member has cancelled', async () => {
    fakeApi({ 'GET /api/user/subscription': () => jsonAnswer(200, plan(NINE_UNUSED)) })
    await renderApp('/membership', { user: member })
    const refund = await screen.findByRole('region', { name: 'Refund' })
    expect(refund).toHaveTextContent('The Refund Policy gives $143.50 today')
    expect(refund).toHaveTextContent('9 unused months of 12 × $198.00, less the $5.00 processing fee.')
  })

  it('says why a cancelled monthly plan gets none', async () => {
    fakeApi({
      'GET /api/user/subscription': () =>
        jsonAnswer(
          200,
          plan(DAY_MS, { tier: 'BASIC', billing: 'MONTHLY', feeCents: 999, endDate: new Date(Date.now() + 29 * DAY_MS).toISOString() }),
        ),
    })
    await renderApp('/membership', { user: member })
    expect(await screen.findByRole('region', { name: 'Refund' })).toHaveTextContent(`No refund: ${REFUND_REFUSALS.MONTHLY}`)
  })

  it('says why none when the unused months come to less than the $10 minimum', async () => {
    fakeApi({ 'GET /api/user/subscription': () => jsonAnswer(200, plan(11 * ANNUAL_PLAN_MONTH_MS + DAY_MS)) })
    await renderApp('/membership', { user: member })
    expect(await screen.findByRole('region', { name: 'Refund' })).toHaveTextContent(`No refund: ${REFUND_REFUSALS.BELOW_MINIMUM}`)
  })

  it('shows what cancelling today would refund before confirming, and the refund line once cancelled', async () => {
    const active = plan(NINE_UNUSED, { status: 'ACTIVE', autoRenew: true })
    fakeApi({
      'GET /api/user/subscription': () => jsonAnswer(200, active),
      'POST /api/user/subscription/cancel': () =>
        jsonAnswer(200, {
          ...active,
          status: 'CANCELLED',
          autoRenew: false,
          message: 'Your subscription will end at the close of the current period.',
        }),
    })
    await renderApp('/membership', { user: member })
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }))
    expect(screen.queryByRole('region', { name: 'Refund' })).not.toBeInTheDocument()
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
    expect(dialog).toHaveTextContent('The Refund Policy gives $143.50 today')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }))
    expect(await screen.findByRole('region', { name: 'Refund' })).toHaveTextContent('The Refund Policy gives $143.50 today')
  })

  it('shows the refund paid once the plan has been refunded', async () => {
    fakeApi({
      'GET /api/user/subscription': () =>
        jsonAnswer(200, plan(NINE_UNUSED, { status: 'EXPIRED', refund: { amountCents: 14_350, refundedAt: '2026-03-03T12:00:00.000Z' } })),
    })
    await renderApp('/membership', { user: member })
    expect(await screen.findByRole('region', { name: 'Refund' })).toHaveTextContent(
      'Refunded $143.50 on March 3, 2026, to the card you paid with.',
    )
  })
})
