import { CONTACT_MESSAGES } from '@keydesk/contracts/support'
import { SUPPORT_INBOX_MESSAGES } from '@keydesk/contracts/support-inbox'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError } from '../../../test/expect-field-error.ts'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

async function fillAndSend() {
  await userEvent.type(screen.getByLabelText('Name'), 'Sam')
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com')
  await userEvent.type(screen.getByLabelText('Subject'), 'Bulk')
  await userEvent.type(screen.getByLabelText('Message'), 'We need 150 codes.')
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }))
}

describe('support contact form', () => {
  it('requires every field before calling the API', async () => {
    const calls = fakeApi({})
    await renderApp('/support')
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('marks each empty field with its own message and focuses the first', async () => {
    fakeApi({})
    await renderApp('/support')
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus())
    expectFieldError('Name', 'Name is required')
    expectFieldError('Email', 'Email is required')
    expectFieldError('Subject', 'Subject is required')
    expectFieldError('Message', 'Message is required')
  })

  it("says 'Thanks! Your message has been sent.' after sending", async () => {
    const calls = fakeApi({ 'POST /api/support/contact': () => jsonAnswer(201, { message: CONTACT_MESSAGES.sent }) })
    await renderApp('/support')
    await fillAndSend()
    expect(await screen.findByText('Thanks! Your message has been sent.')).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/support/contact')?.body))).toMatchObject({
      name: 'Sam',
      subject: 'Bulk',
    })
  })

  it('says what the server answered: an Enterprise message outside support hours reached the admins on call', async () => {
    fakeApi({ 'POST /api/support/contact': () => jsonAnswer(201, { message: SUPPORT_INBOX_MESSAGES.onCallAlerted }) })
    await renderApp('/support')
    await fillAndSend()
    expect(await screen.findByText(SUPPORT_INBOX_MESSAGES.onCallAlerted)).toBeInTheDocument()
  })

  it('shows the documented failure text and keeps what was typed', async () => {
    fakeApi({ 'POST /api/support/contact': () => errorAnswer(500, 'Something went wrong') })
    await renderApp('/support')
    await fillAndSend()
    expect(await screen.findByText("Sorry, we couldn't send your message. Please try again.")).toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toHaveValue('Bulk')
  })

  describe('about an order (docs/decisions/034)', () => {
    const paidId = '4f6c2d1e-8a3b-4c5d-9e0f-1a2b3c4d5e6f'
    const order = (id: string, paid: boolean) => ({
      id,
      make: { manufacturerName: 'Honda' },
      model: 'Civic',
      year: 2016,
      vin: '1HGCR2F31GA000000',
      status: 'PENDING',
      price: 70,
      keycodePrice: 70,
      frontId: null,
      backId: null,
      registration: null,
      keycode: null,
      pincode: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      paid,
      paidAt: paid ? '2026-11-22T10:05:00.000Z' : null,
      dueAt: paid ? '2026-11-23T10:05:00.000Z' : null,
      confirmationNumber: paid ? 'KD-Y9E8U5GSWZ' : null,
    })
    const answers = () => ({
      'GET /api/vehicle/user-requests': () =>
        jsonAnswer(200, {
          pendingRequests: [order(paidId, true), order('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', false)],
          inProgressRequests: [],
          fulfilledRequests: [],
        }),
      'POST /api/support/contact': () => jsonAnswer(201, { message: CONTACT_MESSAGES.sent }),
    })

    it('attaches the order a member opened the form from, offering only their paid orders', async () => {
      const calls = fakeApi(answers())
      await renderApp(`/support?order=${paidId}`, { user: testUser() })
      const select = await screen.findByLabelText('About an order (optional)')
      expect(select).toHaveValue(paidId)
      expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
        'No order',
        '2016 Honda Civic, KD-Y9E8U5GSWZ',
      ])
      await fillAndSend()
      await screen.findByText(CONTACT_MESSAGES.sent)
      expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/support/contact')?.body))).toMatchObject({ requestId: paidId })
    })

    it("sends no order from a visitor, whatever the link's ?order= names", async () => {
      const calls = fakeApi(answers())
      await renderApp(`/support?order=${paidId}`)
      expect(screen.queryByLabelText('About an order (optional)')).toBeNull()
      await fillAndSend()
      await screen.findByText(CONTACT_MESSAGES.sent)
      expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/support/contact')?.body))).not.toHaveProperty('requestId')
      expect(calls.some((call) => call.key === 'GET /api/vehicle/user-requests')).toBe(false)
    })
  })
})
