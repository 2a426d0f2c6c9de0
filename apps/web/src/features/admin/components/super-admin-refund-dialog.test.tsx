import { KEYCODE_REFUND_MESSAGES, SUPER_ADMIN_REFUND_REASON_LABELS, SUPER_ADMIN_REFUND_REASONS } from '@keydesk/contracts/keycode-refunds'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const LINE_ID = '5b1f0c2e-7a4d-4e8b-9c3f-2d6e1a0b9c87'
const transaction = {
  id: 't1',
  confirmationNumber: 'KD-2026-0077',
  status: 'FULFILLED',
  paymentStatus: 'PAID',
  amount: 60,
  createdAt: '2026-11-20T09:00:00.000Z',
  paidAt: '2026-11-20T09:00:00.000Z',
  customerEmail: 'ivy@example.com',
  vehicles: [{ id: LINE_ID, make: 'Honda', model: 'Civic', vin: '1HGCR2F39GA000777', status: 'FULFILLED', keycode: 'KC-1' }],
  refundedCents: 0,
}

function dashboard() {
  return fakeApi({
    'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
    'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
    'GET /api/admin/transactions': () => jsonAnswer(200, [transaction]),
    'GET /api/admin/subscriptions': () => jsonAnswer(200, []),
    [`POST /api/super-admin/requests/${LINE_ID}/refund`]: () =>
      jsonAnswer(200, {
        message: KEYCODE_REFUND_MESSAGES.refundedOnGround(6000),
        vehicleRequestId: LINE_ID,
        amountCents: 6000,
        refundedAt: '2026-11-27T09:00:00.000Z',
      }),
  })
}

describe("the super admin's refund of a keycode line (docs/decisions/027)", () => {
  it('refunds a released line on a chosen ground with a note, after saying what the buyer reads', async () => {
    const calls = dashboard()
    await renderApp('/admin', { user: testUser({ role: 'SUPER_ADMIN' }) })
    const transactions = await screen.findByRole('region', { name: 'Transactions' })
    await userEvent.click(await within(transactions).findByRole('button', { name: 'Refund line' }))
    const dialog = screen.getByRole('dialog', { name: 'Refund the Honda Civic (VIN ending 0777)?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund line' }))
    expect(within(dialog).getByText(KEYCODE_REFUND_MESSAGES.superAdminReasonRequired)).toBeInTheDocument()
    await userEvent.selectOptions(within(dialog).getByLabelText('Policy ground'), SUPER_ADMIN_REFUND_REASON_LABELS.SERVICE_FAILURE)
    expect(within(dialog).getByText(`The buyer reads: “${SUPER_ADMIN_REFUND_REASONS.SERVICE_FAILURE}”`)).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Note to the buyer'), 'Our queue was down for 30 hours.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund line' }))
    expect(await screen.findByText(KEYCODE_REFUND_MESSAGES.refundedOnGround(6000))).toBeInTheDocument()
    const sent = calls.find((call) => call.key === `POST /api/super-admin/requests/${LINE_ID}/refund`)
    expect(JSON.parse(String(sent?.body))).toEqual({ reason: 'SERVICE_FAILURE', note: 'Our queue was down for 30 hours.' })
  })

  it('lands focus on what the refund did once the dialog closes, not on the page body', async () => {
    dashboard()
    await renderApp('/admin', { user: testUser({ role: 'SUPER_ADMIN' }) })
    const transactions = await screen.findByRole('region', { name: 'Transactions' })
    await userEvent.click(await within(transactions).findByRole('button', { name: 'Refund line' }))
    const dialog = screen.getByRole('dialog', { name: 'Refund the Honda Civic (VIN ending 0777)?' })
    await userEvent.selectOptions(within(dialog).getByLabelText('Policy ground'), SUPER_ADMIN_REFUND_REASON_LABELS.SERVICE_FAILURE)
    await userEvent.type(within(dialog).getByLabelText('Note to the buyer'), 'Our queue was down for 30 hours.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund line' }))
    const message = await screen.findByText(KEYCODE_REFUND_MESSAGES.refundedOnGround(6000))
    expect(message.closest('[tabindex="-1"]')).toHaveFocus()
  })

  it('is not offered to an admin', async () => {
    dashboard()
    await renderApp('/admin', { user: testUser({ role: 'ADMIN' }) })
    const transactions = await screen.findByRole('region', { name: 'Transactions' })
    await within(transactions).findByText('KD-2026-0077')
    expect(within(transactions).queryByRole('button', { name: 'Refund line' })).not.toBeInTheDocument()
  })
})
