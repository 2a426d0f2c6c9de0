import { PLAN_SUPPORT } from '@keydesk/contracts/plan-benefits'
import { SUPPORT_INBOX_MESSAGES } from '@keydesk/contracts/support-inbox'
import { HOUR_MS, MINUTE_MS } from '@keydesk/contracts/time'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const admin = testUser({ role: 'ADMIN' })
const item = (fields: object) => ({
  id: 'c1',
  channel: 'CONTACT',
  subject: 'Where is my code',
  state: 'OPEN',
  plan: 'PROFESSIONAL',
  writer: { name: 'Rosa Rivera', email: 'rosa@example.com', member: true },
  handler: null,
  answerDueAt: new Date(Date.now() + 3 * HOUR_MS + 5 * MINUTE_MS).toISOString(),
  firstAnswerDueAt: new Date(Date.now() + 3 * HOUR_MS).toISOString(),
  firstAnsweredAt: null,
  onCallAlerted: false,
  importedAt: null,
  lastMessageAt: new Date().toISOString(),
  createdAt: new Date().toISOString(),
  requestId: null,
  order: null,
  ...fields,
})
const metrics = { since: new Date().toISOString(), plans: [] }

describe('support inbox page', () => {
  it('shows each conversation with its time left, and how long an overdue one is late', async () => {
    fakeApi({
      'GET /api/admin/support/conversations': () =>
        jsonAnswer(200, {
          conversations: [
            item({}),
            item({ id: 'c2', subject: 'Late one', answerDueAt: new Date(Date.now() - 20 * MINUTE_MS).toISOString() }),
          ],
          total: 2,
          page: 1,
        }),
      'GET /api/admin/support/metrics': () => jsonAnswer(200, metrics),
    })
    await renderApp('/admin/support', { user: admin })
    const list = await screen.findByRole('region', { name: 'Conversations' })
    expect(await within(list).findByText(/3 h \d+ min left/)).toBeInTheDocument()
    expect(within(list).getByText('Overdue by 20 min')).toBeInTheDocument()
  })

  it("opens a conversation with its plan's promise, and sends an answer that closes it", async () => {
    const thread = { ...item({}), messages: [{ id: 'm1', sender: 'CUSTOMER', message: 'Any news?', createdAt: new Date().toISOString() }] }
    const calls = fakeApi({
      'GET /api/admin/support/conversations': () => jsonAnswer(200, { conversations: [item({})], total: 1, page: 1 }),
      'GET /api/admin/support/conversations/c1': () => jsonAnswer(200, thread),
      'POST /api/admin/support/conversations/c1/answers': () => jsonAnswer(201, { message: SUPPORT_INBOX_MESSAGES.answered }),
      'GET /api/admin/support/metrics': () => jsonAnswer(200, metrics),
    })
    await renderApp('/admin/support', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Where is my code/ }))
    expect(await screen.findByText(/Any news\?/)).toBeInTheDocument()
    expect(screen.getByText(new RegExp(PLAN_SUPPORT.PROFESSIONAL))).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Your answer'), 'It is on its way.')
    await userEvent.click(screen.getByLabelText('Close the conversation with this answer'))
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(await screen.findByText(SUPPORT_INBOX_MESSAGES.answered)).toBeInTheDocument()
    const sent = calls.find((call) => call.key === 'POST /api/admin/support/conversations/c1/answers')
    expect(JSON.parse(String(sent?.body))).toEqual({ message: 'It is on its way.', close: true })
  })
})

describe('support inbox: a conversation from before the inbox', () => {
  it('says its answer may have gone from the support mailbox, where this thread cannot show it', async () => {
    const earlier = item({ state: 'CLOSED', answerDueAt: null, importedAt: new Date().toISOString() })
    fakeApi({
      'GET /api/admin/support/conversations': () => jsonAnswer(200, { conversations: [earlier], total: 1, page: 1 }),
      'GET /api/admin/support/conversations/c1': () => jsonAnswer(200, { ...earlier, messages: [] }),
      'GET /api/admin/support/metrics': () => jsonAnswer(200, metrics),
    })
    await renderApp('/admin/support', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Where is my code/ }))
    expect(await screen.findByText(/Before the support inbox existed/)).toBeInTheDocument()
  })

  it('says nothing of the kind on a conversation the inbox received', async () => {
    fakeApi({
      'GET /api/admin/support/conversations': () => jsonAnswer(200, { conversations: [item({})], total: 1, page: 1 }),
      'GET /api/admin/support/conversations/c1': () => jsonAnswer(200, { ...item({}), messages: [] }),
      'GET /api/admin/support/metrics': () => jsonAnswer(200, metrics),
    })
    await renderApp('/admin/support', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Where is my code/ }))
    expect(await screen.findByRole('heading', { name: 'Where is my code' })).toBeInTheDocument()
    expect(screen.queryByText(/Before the support inbox existed/)).not.toBeInTheDocument()
  })
})

describe('support inbox: the order a member attached', () => {
  it('names the order and opens it on the admin dashboard by its confirmation number', async () => {
    const order = { vehicle: '2016 Honda Civic, VIN 1HGCR2F31GA000000', confirmationNumber: 'KD-Y9E8U5GSWZ', search: 'KD-Y9E8U5GSWZ' }
    const attached = item({ requestId: '4f6c2d1e-8a3b-4c5d-9e0f-1a2b3c4d5e6f', order })
    fakeApi({
      'GET /api/admin/support/conversations': () => jsonAnswer(200, { conversations: [attached], total: 1, page: 1 }),
      'GET /api/admin/support/conversations/c1': () => jsonAnswer(200, { ...attached, messages: [] }),
      'GET /api/admin/support/metrics': () => jsonAnswer(200, metrics),
    })
    await renderApp('/admin/support', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Where is my code/ }))
    expect(await screen.findByText(/2016 Honda Civic, VIN 1HGCR2F31GA000000/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open KD-Y9E8U5GSWZ' })).toHaveAttribute('href', '/admin?search=KD-Y9E8U5GSWZ')
  })
})

describe('support reply page', () => {
  it("reads the thread by the link's token and sends one reply", async () => {
    window.location.hash = '#token-from-the-mail-0123456789'
    const calls = fakeApi({
      'POST /api/support/link': () =>
        jsonAnswer(200, {
          id: 'c1',
          channel: 'CONTACT',
          subject: 'Guest question',
          state: 'WAITING',
          lastMessageAt: new Date().toISOString(),
          requestId: null,
          messages: [{ id: 'm2', sender: 'SUPPORT', message: 'Yes, we cover Subaru.', createdAt: new Date().toISOString() }],
        }),
      'POST /api/support/link/replies': () => jsonAnswer(201, { message: SUPPORT_INBOX_MESSAGES.replied }),
    })
    await renderApp('/support/reply')
    expect(await screen.findByText('Yes, we cover Subaru.')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Your reply'), 'And Lexus?')
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText(SUPPORT_INBOX_MESSAGES.replied)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/support/link/replies')?.body))).toEqual({
      token: 'token-from-the-mail-0123456789',
      message: 'And Lexus?',
    })
  })
})
