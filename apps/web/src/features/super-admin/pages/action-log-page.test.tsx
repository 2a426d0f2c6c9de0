import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const superAdmin = testUser({ role: 'SUPER_ADMIN' })
const entry = (id: number, text: string, link: object | null = null) => ({
  id,
  createdAt: '2026-11-25T10:00:00.000Z',
  kind: 'USER_VALIDATED',
  kindLabel: 'Account validated',
  actor: { id: 'a1', name: 'Alex Queue' },
  text,
  link,
})

describe('action log page', () => {
  it('shows entries in words with a link to the user, and older entries on request', async () => {
    const calls = fakeApi({
      'GET /api/admin/action-log/actors': () => jsonAnswer(200, []),
      'GET /api/admin/action-log': (call) =>
        new URL(call.url, 'http://localhost').searchParams.get('before') === '9'
          ? jsonAnswer(200, { entries: [entry(8, 'Alex Queue validated the account of Bo Buyer (bo@example.com)')], nextBefore: null })
          : jsonAnswer(200, {
              entries: [
                entry(9, 'Alex Queue validated the account of Lena Locke (lena@example.com)', {
                  kind: 'user',
                  search: 'lena@example.com',
                  label: 'Lena Locke',
                }),
              ],
              nextBefore: 9,
            }),
    })
    await renderApp('/super-admin/action-log', { user: superAdmin })
    expect(await screen.findByText(/validated the account of Lena Locke/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open user Lena Locke' })).toHaveAttribute(
      'href',
      '/admin/registered-users?search=lena%40example.com',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }))
    expect(await screen.findByText(/validated the account of Bo Buyer/)).toBeInTheDocument()
    expect(calls.filter((call) => call.key === 'GET /api/admin/action-log')).toHaveLength(2)
  })

  it('links an entry about an admin to the super admin page, searched for that admin', async () => {
    fakeApi({
      'GET /api/admin/action-log/actors': () => jsonAnswer(200, []),
      'GET /api/admin/action-log': () =>
        jsonAnswer(200, {
          entries: [
            entry(12, 'Sam Super approved the admin Ada Approved (ada@example.com)', {
              kind: 'admin',
              search: 'ada@example.com',
              label: 'Ada Approved',
            }),
          ],
          nextBefore: null,
        }),
      'GET /api/admin-approval/pending': () => jsonAnswer(200, []),
      'GET /api/admin-approval/approved': () =>
        jsonAnswer(200, [
          { id: 'a1', fname: 'Ada', lname: 'Approved', email: 'ada@example.com', phone: null, company: null, adminApprovalNotes: null },
          { id: 'a2', fname: 'Otto', lname: 'Other', email: 'otto@example.com', phone: null, company: null, adminApprovalNotes: null },
        ]),
      'GET /api/admin-approval/rejected': () => jsonAnswer(200, []),
    })
    await renderApp('/super-admin/action-log', { user: superAdmin })
    const link = await screen.findByRole('link', { name: 'Open admin Ada Approved' })
    expect(link).toHaveAttribute('href', '/super-admin?search=ada%40example.com')
    await userEvent.click(link)
    expect(await screen.findByLabelText('Search admins')).toHaveValue('ada@example.com')
    expect(await screen.findByRole('button', { name: 'Revoke Ada Approved' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Revoke Otto Other' })).not.toBeInTheDocument()
  })

  it('sends the kind, the actor and the days as filters, and exports the same filter as CSV', async () => {
    const calls = fakeApi({
      'GET /api/admin/action-log/actors': () =>
        jsonAnswer(200, [{ id: '5b0e7f7e-9c39-4a8e-8f5e-0f0a3c1d2e4f', name: 'Alex Queue', email: 'alex@keydesk.test' }]),
      'GET /api/admin/action-log': () => jsonAnswer(200, { entries: [], nextBefore: null }),
    })
    await renderApp('/super-admin/action-log', { user: superAdmin })
    expect(await screen.findByText('No entries match.')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'KEYCODE_RELEASED')
    await userEvent.selectOptions(await screen.findByLabelText('Actor'), 'Alex Queue (alex@keydesk.test)')
    await userEvent.type(screen.getByLabelText('From (UTC day)'), '2026-11-01')
    await userEvent.type(screen.getByLabelText('To (UTC day)'), '2026-11-30')
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    await vi.waitFor(() => expect(calls.filter((call) => call.key === 'GET /api/admin/action-log')).toHaveLength(2))
    const sent = new URL(String(calls.at(-1)?.url), 'http://localhost').searchParams
    expect(Object.fromEntries(sent)).toMatchObject({
      kind: 'KEYCODE_RELEASED',
      actorId: '5b0e7f7e-9c39-4a8e-8f5e-0f0a3c1d2e4f',
      from: '2026-11-01',
      to: '2026-11-30',
    })
    expect(screen.getByRole('link', { name: 'Export these entries as CSV' }).getAttribute('href')).toBe(
      '/api/admin/action-log.csv?kind=KEYCODE_RELEASED&actorId=5b0e7f7e-9c39-4a8e-8f5e-0f0a3c1d2e4f&from=2026-11-01&to=2026-11-30',
    )
  })

  it('says when the first day is after the last, and sends nothing', async () => {
    const calls = fakeApi({
      'GET /api/admin/action-log/actors': () => jsonAnswer(200, []),
      'GET /api/admin/action-log': () => jsonAnswer(200, { entries: [], nextBefore: null }),
    })
    await renderApp('/super-admin/action-log', { user: superAdmin })
    await screen.findByText('No entries match.')
    await userEvent.type(screen.getByLabelText('From (UTC day)'), '2026-11-30')
    await userEvent.type(screen.getByLabelText('To (UTC day)'), '2026-11-01')
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(await screen.findByText('The first day must not be after the last day.')).toBeInTheDocument()
    expect(calls.filter((call) => call.key === 'GET /api/admin/action-log')).toHaveLength(1)
  })
})
