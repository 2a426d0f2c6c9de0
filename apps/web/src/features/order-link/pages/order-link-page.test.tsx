import { NO_KEYCODE_REASONS } from '@keydesk/contracts/keycode-refunds'
import { ORDER_LINK_MESSAGES } from '@keydesk/contracts/order-link'
import { screen } from '@testing-library/react'
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
    expect(await screen.findByText(/No keycode available: \$60\.00 refunded on/)).toBeInTheDocument()
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
})
