import { DAY_MS } from '@keydesk/contracts/time'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { FakeEventSource } from '../../../test/fake-event-source.ts'
import { testUser } from '../../../test/test-user.ts'
import { sessionQueryKey } from '../../session/session-query.ts'
import { ChatWidget } from './chat-widget.tsx'

const inTwoDays = new Date(Date.now() + 2 * DAY_MS).toISOString()
const trialUser = testUser({ trialEndsAt: inTwoDays })
const message = (id: string, sender: 'USER' | 'AGENT', text: string) => ({
  id,
  userId: trialUser.id,
  sender,
  message: text,
  createdAt: '2026-01-01T00:00:00.000Z',
})

beforeEach(() => {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => vi.unstubAllGlobals())

function renderWidget(user = trialUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  client.setQueryData(sessionQueryKey, user)
  render(
    <QueryClientProvider client={client}>
      <ChatWidget />
    </QueryClientProvider>,
  )
}

describe('chat widget', () => {
  it('is not offered to a member without premium access', () => {
    fakeApi({})
    renderWidget(testUser())
    expect(screen.queryByRole('button', { name: 'Chat with support' })).toBeNull()
  })

  it('is not offered once the trial has ended', () => {
    fakeApi({})
    renderWidget(testUser({ trialEndsAt: '2020-01-01T00:00:00.000Z' }))
    expect(screen.queryByRole('button', { name: 'Chat with support' })).toBeNull()
  })

  it('shows the history and sends a message for a trial member', async () => {
    const calls = fakeApi({
      'GET /api/chat/history': () => jsonAnswer(200, [message('m1', 'AGENT', 'Welcome!')]),
      'POST /api/chat/send': () => jsonAnswer(201, message('m2', 'USER', 'Need a Ford code')),
    })
    renderWidget()
    await userEvent.click(screen.getByRole('button', { name: 'Chat with support' }))
    expect(await screen.findByText('Welcome!')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Message'), 'Need a Ford code')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Need a Ford code')).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/chat/send')?.body))).toEqual({ message: 'Need a Ford code' })
    expect(screen.getByLabelText('Message')).toHaveValue('')
  })

  it('opens the stream with credentials and shows an answer it delivers, once', async () => {
    fakeApi({ 'GET /api/chat/history': () => jsonAnswer(200, []) })
    renderWidget()
    await userEvent.click(screen.getByRole('button', { name: 'Chat with support' }))
    await screen.findByText('No messages yet. Ask us anything.')
    const stream = FakeEventSource.instances[0]
    expect(stream?.url).toBe('/api/chat/stream')
    expect(stream?.init?.withCredentials).toBe(true)
    act(() => {
      stream?.emit('message', message('m3', 'AGENT', 'Here is your answer'))
      stream?.emit('message', message('m3', 'AGENT', 'Here is your answer'))
    })
    expect(await screen.findAllByText('Here is your answer')).toHaveLength(1)
  })

  it('closes the stream on error, silently', async () => {
    fakeApi({ 'GET /api/chat/history': () => jsonAnswer(200, []) })
    renderWidget()
    await userEvent.click(screen.getByRole('button', { name: 'Chat with support' }))
    const stream = FakeEventSource.instances[0]
    act(() => stream?.emit('error'))
    await waitFor(() => expect(stream?.isClosed).toBe(true))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
