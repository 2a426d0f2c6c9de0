import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import type { AdminUser } from '@keydesk/contracts/admin'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const admin = testUser({ role: 'ADMIN' })
const superAdmin = testUser({ role: 'SUPER_ADMIN' })
const member: AdminUser = {
  id: 'u1',
  fname: 'Lena',
  lname: 'Locke',
  email: 'lena@example.com',
  phone: null,
  state: 'Ohio',
  isActive: true,
  isValidatedUser: true,
  trialEndsAt: null,
  adminApprovalNotes: null,
  frontId: null,
  backId: null,
  insurance: null,
  adminNotes: null,
  documentReview: { pending: 0, approved: 3, rejected: 0 },
  closedAt: null,
}
const reason = 'The member asked by phone to close the account.'

async function openMember(who = admin, shown: AdminUser = member) {
  const calls = fakeApi({
    'GET /api/admin/users': () => jsonAnswer(200, [shown]),
    'POST /api/admin/users/u1/close': () => jsonAnswer(200, { message: ACCOUNT_CLOSING_MESSAGES.closedByAdmin }),
    'POST /api/super-admin/users/u1/purge': () => jsonAnswer(200, { message: ACCOUNT_CLOSING_MESSAGES.purged }),
  })
  await renderApp('/admin/registered-users', { user: who })
  await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
  return { calls, closing: screen.getByRole('region', { name: 'Account closing' }) }
}

describe("closing a member's account from Registered Users (docs/decisions/035)", () => {
  it('closes it with the reason the admin gives, and says what happens next', async () => {
    const { calls, closing } = await openMember()
    await userEvent.click(within(closing).getByRole('button', { name: 'Close account' }))
    const dialog = screen.getByRole('dialog', { name: 'Close this account?' })
    expect(dialog).toHaveTextContent('within 30 days')
    await userEvent.type(within(dialog).getByLabelText(/Reason/), reason)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close account' }))
    expect(await screen.findByText(ACCOUNT_CLOSING_MESSAGES.closedByAdmin)).toBeInTheDocument()
    const sent = calls.find((call) => call.key === 'POST /api/admin/users/u1/close')
    expect(JSON.parse(String(sent?.body))).toEqual({ reason })
  })

  it('asks for a reason before it sends anything', async () => {
    const { calls, closing } = await openMember()
    await userEvent.click(within(closing).getByRole('button', { name: 'Close account' }))
    const dialog = screen.getByRole('dialog', { name: 'Close this account?' })
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'no')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close account' }))
    expect(await within(dialog).findByText('Say why, in at least 10 characters.')).toBeInTheDocument()
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false)
  })

  it('offers an admin neither the deletion at once nor the data archive', async () => {
    const { closing } = await openMember()
    expect(within(closing).queryByRole('button', { name: 'Delete now' })).toBeNull()
    expect(within(closing).queryByRole('button', { name: 'Download data archive' })).toBeNull()
  })

  it('lets a super admin delete an account at once, with the reason', async () => {
    const { calls, closing } = await openMember(superAdmin)
    await userEvent.click(within(closing).getByRole('button', { name: 'Delete now' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this account now?' })
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Verified request by e-mail, ticket 4411.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete now' }))
    expect(await screen.findByText(ACCOUNT_CLOSING_MESSAGES.purged)).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/super-admin/users/u1/purge')).toBe(true)
  })

  it('shows a closed account as closed, with the day its data goes, and offers no second closing', async () => {
    const { closing } = await openMember(admin, { ...member, closedAt: '2026-05-04T12:00:00.000Z' })
    expect(screen.getByRole('button', { name: /Lena Locke/ })).toHaveTextContent('Closed · documents approved')
    expect(closing).toHaveTextContent(/Closed on May 4, 2026\. Its data is deleted after June 3, 2026/)
    expect(within(closing).queryByRole('button', { name: 'Close account' })).toBeNull()
  })
})
