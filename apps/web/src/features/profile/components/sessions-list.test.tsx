import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { expectResultFocused } from '../../../test/focus.ts'
import { SessionsList } from './sessions-list.tsx'

const thisLaptop = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Firefox on Linux',
  ipAddress: '203.0.113.7',
  startedAt: '2026-01-02T10:00:00.000Z',
  lastSeenAt: '2026-01-02T11:00:00.000Z',
  current: true,
}
const phone = {
  id: '22222222-2222-4222-8222-222222222222',
  device: 'Chrome on Android',
  ipAddress: '198.51.100.4',
  timeZone: 'America/Toronto',
  startedAt: '2026-01-01T09:00:00.000Z',
  lastSeenAt: '2026-01-02T08:00:00.000Z',
  current: false,
}

afterEach(() => vi.unstubAllGlobals())

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <SessionsList />
    </QueryClientProvider>,
  )
}

describe('the sessions list', () => {
  it('lists every signed-in device, marks this one and offers no sign-out for it', async () => {
    fakeApi({ 'GET /api/user/sessions': () => jsonAnswer(200, [thisLaptop, phone]) })
    renderList()
    const rows = within(await screen.findByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Firefox on Linux')
    expect(rows[0]).toHaveTextContent('This device')
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('Chrome on Android')
    expect(rows[1]).toHaveTextContent('Chrome on Android')
    expect(rows[1]).toHaveTextContent('near Toronto (America time zone)')
    expect(rows[1]).toHaveTextContent('Address 198.51.100.4')
    expect(rows[1]).not.toHaveTextContent('This device')
  })

  it('signs one other session out and lists the sessions again', async () => {
    let listed = [thisLaptop, phone]
    const calls = fakeApi({
      'GET /api/user/sessions': () => jsonAnswer(200, listed),
      [`DELETE /api/user/sessions/${phone.id}`]: () => {
        listed = [thisLaptop]
        return jsonAnswer(200, { message: 'That session is signed out.' })
      },
    })
    renderList()
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }))
    expect(await screen.findByText('That session is signed out.')).toBeInTheDocument()
    await expectResultFocused('That session is signed out.')
    expect(calls.filter((call) => call.key === `DELETE /api/user/sessions/${phone.id}`)).toHaveLength(1)
    expect(await screen.findAllByRole('listitem')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument()
  })

  it('signs every other session out at once', async () => {
    let listed = [thisLaptop, phone, { ...phone, id: '33333333-3333-4333-8333-333333333333', device: 'Safari on iPhone' }]
    const calls = fakeApi({
      'GET /api/user/sessions': () => jsonAnswer(200, listed),
      'POST /api/user/sessions/sign-out-others': () => {
        listed = [thisLaptop]
        return jsonAnswer(200, { message: 'Every other session is signed out.' })
      },
    })
    renderList()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }))
    expect(await screen.findByText('Every other session is signed out.')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/user/sessions/sign-out-others')).toBe(true)
    expect(await screen.findAllByRole('listitem')).toHaveLength(1)
  })

  it('shows the server text when a sign-out is refused', async () => {
    fakeApi({
      'GET /api/user/sessions': () => jsonAnswer(200, [thisLaptop, phone]),
      [`DELETE /api/user/sessions/${phone.id}`]: () =>
        jsonAnswer(404, { code: 'NOT_FOUND', message: 'Session not found.', error: 'Session not found.' }),
    })
    renderList()
    await userEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }))
    expect(await screen.findByText('Session not found.')).toBeInTheDocument()
  })
})
