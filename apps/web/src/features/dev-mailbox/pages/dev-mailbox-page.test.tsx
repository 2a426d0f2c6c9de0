import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

afterEach(() => vi.unstubAllGlobals())

const mail = (id: string, subject: string, text: string, html: string | null = null) => ({
  id,
  to: 'lena@example.com',
  subject,
  text,
  html,
  sentAt: '2026-11-22T10:00:00.000Z',
})

describe('development mailbox', () => {
  it('lists the mails newest first and opens one whole, with its links clickable', async () => {
    fakeApi({
      'GET /api/dev/mailbox': () =>
        jsonAnswer(200, [
          mail(
            'm2',
            'Reset your Keydesk password',
            'Choose a new password: http://localhost:8080/reset-password?token=abc',
            '<p>Reset</p>',
          ),
          mail('m1', 'Keydesk order KD-1 confirmed', 'Thank you.'),
        ]),
    })
    await renderApp('/dev/mailbox')
    const list = await screen.findByRole('list', { name: 'Mails' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining('Reset your Keydesk password'), expect.stringContaining('Keydesk order KD-1 confirmed')])
    await userEvent.click(within(list).getByRole('button', { name: /Reset your Keydesk password/ }))
    expect(screen.getByTitle('HTML of Reset your Keydesk password')).toHaveAttribute('sandbox', '')
    await userEvent.click(screen.getByRole('button', { name: 'Plain text' }))
    expect(screen.getByRole('link', { name: 'http://localhost:8080/reset-password?token=abc' })).toHaveAttribute(
      'href',
      'http://localhost:8080/reset-password?token=abc',
    )
  })

  it('says the mailbox is off when the server has none', async () => {
    fakeApi({ 'GET /api/dev/mailbox': () => errorAnswer(404, 'Not found', 'NOT_FOUND') })
    await renderApp('/dev/mailbox')
    expect(
      await screen.findByText('The development mailbox is off: mail goes to the SMTP server, or this is production.'),
    ).toBeInTheDocument()
  })

  it('says so when no mail was sent yet', async () => {
    fakeApi({ 'GET /api/dev/mailbox': () => jsonAnswer(200, []) })
    await renderApp('/dev/mailbox')
    expect(await screen.findByText('No mail sent yet.')).toBeInTheDocument()
  })
})
