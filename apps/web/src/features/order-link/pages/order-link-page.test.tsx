import { KEY_TYPE_LABELS } from '@keydesk/contracts/admin'
import { NO_KEYCODE_REASONS } from '@keydesk/contracts/keycode-refunds'
import { ORDER_LINK_MESSAGES } from '@keydesk/contracts/order-link'
import { PROBLEM_DECLINE_REASONS, PROBLEM_REASONS, PROBLEM_REPORT_MESSAGES } from '@keydesk/contracts/problem-reports'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

afterEach(() => vi.unstubAllGlobals())

const TOKEN = 'a'.repeat(43)
const order = {
  confirmationNumber: 'KD-2026-0042',
  status: 'FULFILLED',
  year: 2016,
  make: 'Honda',
  model: 'Civic',
  vinLast4: '0042',
  keycode: 'K-7781',
  pincode: '4410',
  fulfilledAt: '2026-11-22T10:00:00.000Z',
  linkExpiresAt: '2026-12-22T10:00:00.000Z',
}

describe('order link page', () => {
  it('sends the token from the address fragment in the body and shows the keycode and PIN', async () => {
    const calls = fakeApi({ 'POST /api/order-link': () => jsonAnswer(200, order) })
    await renderApp(`/order-link#${TOKEN}`)
    expect(await screen.findByText('K-7781')).toBeInTheDocument()
    expect(screen.getByText('4410')).toBeInTheDocument()
    expect(screen.getByText('2016 Honda Civic')).toBeInTheDocument()
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ token: TOKEN })
    expect(calls[0]?.url).not.toContain(TOKEN)
  })

  it('shows the key blank and transponder given with the code', async () => {
    fakeApi({ 'POST /api/order-link': () => jsonAnswer(200, { ...order, keyBlank: 'HON66', transponder: 'ID47' }) })
    await renderApp(`/order-link#${TOKEN}`)
    expect(await screen.findByText('HON66')).toBeInTheDocument()
    expect(screen.getByText(KEY_TYPE_LABELS.transponder)).toBeInTheDocument()
    expect(screen.getByText('ID47')).toBeInTheDocument()
  })

  it('says the code is not ready while the order is being processed', async () => {
    fakeApi({ 'POST /api/order-link': () => jsonAnswer(200, { ...order, status: 'INPROGRESS', keycode: null, pincode: null }) })
    await renderApp(`/order-link#${TOKEN}`)
    expect(await screen.findByText('Your keycode is not ready yet. We will e-mail you as soon as it is.')).toBeInTheDocument()
    expect(screen.getByText('In Progress')).toBeInTheDocument()
  })

  it('shows a refunded order with the amount, the day, the reason and the note, and no promise of a code', async () => {
    const refund = {
      amountCents: 6000,
      refundedAt: '2026-11-23T10:00:00.000Z',
      reason: NO_KEYCODE_REASONS.NO_CODE_IN_PORTAL,
      note: 'The portal has no record of this VIN.',
    }
    fakeApi({
      'POST /api/order-link': () =>
        jsonAnswer(200, { ...order, status: 'REFUNDED', keycode: null, pincode: null, fulfilledAt: null, refund }),
    })
    await renderApp(`/order-link#${TOKEN}`)
    expect(await screen.findByText(/\$60\.00 refunded on/)).toBeInTheDocument()
    expect(screen.getByText(NO_KEYCODE_REASONS.NO_CODE_IN_PORTAL)).toBeInTheDocument()
    expect(screen.getByText('Note from our team: The portal has no record of this VIN.')).toBeInTheDocument()
    expect(screen.getByText('Refunded')).toBeInTheDocument()
    expect(screen.queryByText('Your keycode is not ready yet. We will e-mail you as soon as it is.')).not.toBeInTheDocument()
  })

  it('explains what to do when the link is unknown or expired', async () => {
    fakeApi({ 'POST /api/order-link': () => errorAnswer(404, ORDER_LINK_MESSAGES.invalid, 'NOT_FOUND') })
    await renderApp(`/order-link#${TOKEN}`)
    expect(await screen.findByText(ORDER_LINK_MESSAGES.invalid)).toBeInTheDocument()
  })

  it('explains the same without calling the API when the address has no token', async () => {
    const calls = fakeApi({})
    await renderApp('/order-link')
    expect(await screen.findByText(ORDER_LINK_MESSAGES.invalid)).toBeInTheDocument()
    expect(calls.filter((call) => call.key === 'POST /api/order-link')).toHaveLength(0)
  })

  it('sends a problem report with the token and shows the answer the server gives, focused', async () => {
    const report = {
      id: 'r1',
      reason: 'CODE_DID_NOT_WORK',
      message: 'The cut key does not turn.',
      status: 'OPEN',
      reviewDueAt: '2026-11-27T10:00:00.000Z',
      createdAt: '2026-11-24T10:00:00.000Z',
      declineReason: null,
      answerNote: null,
      answeredAt: null,
    }
    const calls = fakeApi({
      'POST /api/order-link': () => jsonAnswer(200, order),
      'POST /api/order-link/problem-reports': () => jsonAnswer(201, { message: PROBLEM_REPORT_MESSAGES.sent, report }),
    })
    const user = userEvent.setup()
    await renderApp(`/order-link#${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }))
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(within(dialog).getByText(PROBLEM_REPORT_MESSAGES.reasonRequired)).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('What went wrong'), PROBLEM_REASONS.CODE_DID_NOT_WORK)
    await user.type(within(dialog).getByLabelText('What happened'), 'The cut key does not turn.')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText(PROBLEM_REPORT_MESSAGES.sent)).toBeInTheDocument()
    const sent = calls.find((call) => call.url.endsWith('/api/order-link/problem-reports'))
    expect(JSON.parse(String(sent?.body))).toEqual({ token: TOKEN, reason: 'CODE_DID_NOT_WORK', message: 'The cut key does not turn.' })
  })

  it("shows a declined report with the policy's reason and the note, and offers no second report for that reason", async () => {
    const declined = {
      id: 'r2',
      reason: 'CODE_DID_NOT_WORK',
      message: 'The cut key does not turn.',
      status: 'DECLINED',
      reviewDueAt: '2026-11-27T10:00:00.000Z',
      createdAt: '2026-11-24T10:00:00.000Z',
      declineReason: PROBLEM_DECLINE_REASONS.USER_ERROR,
      answerNote: 'The VIN is for a 2015.',
      answeredAt: '2026-11-25T10:00:00.000Z',
    }
    fakeApi({ 'POST /api/order-link': () => jsonAnswer(200, { ...order, problemReports: [declined] }) })
    const user = userEvent.setup()
    await renderApp(`/order-link#${TOKEN}`)
    expect(await screen.findByText(PROBLEM_DECLINE_REASONS.USER_ERROR)).toBeInTheDocument()
    expect(screen.getByText('Note from our team: The VIN is for a 2015.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Report a problem' }))
    const options = within(screen.getByRole('dialog'))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(options).not.toContain(PROBLEM_REASONS.CODE_DID_NOT_WORK)
    expect(options).toContain(PROBLEM_REASONS.CHARGED_WRONGLY)
  })
})
