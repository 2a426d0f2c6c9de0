import { CONTACT_MESSAGES } from '@keydesk/contracts/support'
import { SUPPORT_INBOX_MESSAGES } from '@keydesk/contracts/support-inbox'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectFieldError } from '../../../test/expect-field-error.ts'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

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
})
