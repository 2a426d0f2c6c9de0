import { HOUR_MS } from '@keydesk/contracts/time'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { AdminChatPanel } from './admin-chat-panel.tsx'

const memberId = '8b0c5a8e-1f43-4f0e-9d57-2f7d0c0a1b2c'

beforeEach(() => {
  vi.stubGlobal(
    'EventSource',
    class {
      addEventListener() {}
      close() {}
    },
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('admin chat panel', () => {
  it('marks a conversation answered once an admin replied, and shows when each message was sent', async () => {
    let awaitingReply = true
    fakeApi({
      'GET /api/chat/conversations': () =>
        jsonAnswer(200, [
          {
            userId: memberId,
            email: 'dana@example.com',
            fname: 'Dana',
            lname: 'Locke',
            lastMessageAt: '2026-01-01T09:00:00.000Z',
            awaitingReply,
            answerDueAt: null,
          },
        ]),
      'GET /api/chat/history': () =>
        jsonAnswer(200, [{ id: 'm1', userId: memberId, sender: 'USER', message: 'Help please', createdAt: '2026-01-01T09:00:00.000Z' }]),
      'POST /api/chat/send': () => {
        awaitingReply = false
        return jsonAnswer(201, { id: 'm2', userId: memberId, sender: 'AGENT', message: 'On it', createdAt: '2026-01-01T09:05:00.000Z' })
      },
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <AdminChatPanel />
      </QueryClientProvider>,
    )
    const conversation = await screen.findByRole('button', { name: /Dana Locke/ })
    expect(conversation).toHaveTextContent('unread')
    expect(conversation).not.toHaveTextContent(/left|Overdue/)
    await userEvent.click(conversation)
    const sent = await screen.findByText('Help please')
    expect(sent.closest('li')?.querySelector('time')).toHaveAttribute('datetime', '2026-01-01T09:00:00.000Z')
    await userEvent.type(screen.getByLabelText('Message'), 'On it')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /Dana Locke/ })).toHaveTextContent('answered'))
    expect(screen.getByRole('button', { name: /Dana Locke/ })).not.toHaveTextContent('unread')
  })

  it("answers the chosen member's conversation as that member's conversation", async () => {
    const calls = fakeApi({
      'GET /api/chat/conversations': () =>
        jsonAnswer(200, [
          {
            userId: memberId,
            email: 'dana@example.com',
            fname: 'Dana',
            lname: 'Locke',
            lastMessageAt: '2026-01-01T00:00:00.000Z',
            awaitingReply: true,
            answerDueAt: '2026-01-01T08:00:00.000Z',
          },
        ]),
      'GET /api/chat/history': () =>
        jsonAnswer(200, [{ id: 'm1', userId: memberId, sender: 'USER', message: 'Help please', createdAt: '2026-01-01T00:00:00.000Z' }]),
      'POST /api/chat/send': () =>
        jsonAnswer(201, { id: 'm2', userId: memberId, sender: 'AGENT', message: 'On it', createdAt: '2026-01-01T00:01:00.000Z' }),
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <AdminChatPanel />
      </QueryClientProvider>,
    )
    await userEvent.click(await screen.findByRole('button', { name: /Dana Locke/ }))
    expect(await screen.findByText('Help please')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Message'), 'On it')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('On it')).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/chat/send')?.body))).toEqual({
      message: 'On it',
      userId: memberId,
    })
  })

  it("shows how long each member's chat has left before its answer is due, or how long it is overdue", async () => {
    const member = (userId: string, fname: string, dueInMs: number) => ({
      userId,
      email: `${fname.toLowerCase()}@example.com`,
      fname,
      lname: 'Locke',
      lastMessageAt: '2026-01-01T00:00:00.000Z',
      awaitingReply: true,
      answerDueAt: new Date(Date.now() + dueInMs).toISOString(),
    })
    fakeApi({
      'GET /api/chat/conversations': () =>
        jsonAnswer(200, [member(memberId, 'Dana', -2 * HOUR_MS), member('5e0c5a8e-1f43-4f0e-9d57-2f7d0c0a1b2d', 'Eli', 3 * HOUR_MS)]),
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <AdminChatPanel />
      </QueryClientProvider>,
    )
    expect(await screen.findByRole('button', { name: /Dana Locke/ })).toHaveTextContent('Overdue by 2 h')
    expect(screen.getByRole('button', { name: /Eli Locke/ })).toHaveTextContent(/(3 h|2 h 59 min) left/)
  })
})
