import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { AUTH_MESSAGES } from '@keydesk/contracts/auth-messages'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const superAdmin = testUser({ role: 'SUPER_ADMIN', email: 'boss@keydesk.test' })
const pendingAdmin = {
  id: 'a1',
  fname: 'Ada',
  lname: 'Admin',
  email: 'ada@example.com',
  phone: null,
  company: 'Keys Inc',
  adminApprovalNotes: null,
}

const approvedAdmin = { ...pendingAdmin, id: 'b2', fname: 'Bo', lname: 'Approved', email: 'bo@example.com' }
const revokedAdmin = {
  id: 'c3',
  fname: 'Cy',
  lname: 'Gone',
  email: 'cy@example.com',
  company: null,
  role: 'ADMIN',
  kind: 'REVOKED',
  reason: 'Shared the portal password',
  decidedAt: '2026-11-25T10:00:00.000Z',
  decidedBy: { id: 's1', name: 'Sam Boss' },
}

function serve(overrides = {}) {
  return fakeApi({
    'GET /api/admin-approval/pending': () => jsonAnswer(200, [pendingAdmin]),
    'GET /api/admin-approval/approved': () => jsonAnswer(200, []),
    'GET /api/admin-approval/rejected': () => jsonAnswer(200, []),
    'GET /api/admin/action-log': () => jsonAnswer(200, { entries: [], nextBefore: null }),
    'POST /api/admin-approval/approve': () => jsonAnswer(200, { message: 'Admin account approved successfully!' }),
    ...overrides,
  })
}

describe('super admin dashboard (docs/product.md, "Super admin")', () => {
  it('disables bulk approve and reject until an admin is selected', async () => {
    serve()
    await renderApp('/super-admin', { user: superAdmin })
    await screen.findByText(/Ada Admin/)
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled()
    await userEvent.click(screen.getByRole('checkbox'))
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeEnabled()
  })

  it("approves an admin, naming the signed-in super admin, with 'Admin account approved successfully!'", async () => {
    const calls = serve()
    await renderApp('/super-admin', { user: superAdmin })
    await screen.findByText(/Ada Admin/)
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Admin account approved successfully!')).toBeInTheDocument()
    // The Approve button left with the admin; focus lands on what happened.
    expect(screen.getByText('Admin account approved successfully!').closest('[tabindex="-1"]')).toHaveFocus()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/admin-approval/approve')?.body))).toMatchObject({
      superAdminEmail: 'boss@keydesk.test',
      adminId: 'a1',
    })
  })

  it("shows 'Failed to fetch admin data' when the lists cannot load", async () => {
    serve({ 'GET /api/admin-approval/pending': () => errorAnswer(500, 'Something went wrong') })
    await renderApp('/super-admin', { user: superAdmin })
    expect(await screen.findByText('Failed to fetch admin data')).toBeInTheDocument()
  })

  it('empties the create form after success, so no temporary password stays on screen', async () => {
    serve({ 'POST /api/super-admin/create': () => jsonAnswer(200, { message: 'created' }) })
    await renderApp('/super-admin', { user: superAdmin })
    await userEvent.type(await screen.findByLabelText('Super admin e-mail'), 'new.boss@keydesk.test')
    await userEvent.type(screen.getByLabelText('Temporary password'), 'Temp-Keyway-2026')
    await userEvent.click(screen.getAllByRole('button', { name: 'Create super admin' }).at(-1) as HTMLElement)
    expect(await screen.findByText('Super admin created successfully.')).toBeInTheDocument()
    expect(screen.getByLabelText('Temporary password')).toHaveValue('')
    expect(screen.getByLabelText('Super admin e-mail')).toHaveValue('')
  })

  it('empties the send-code form after success', async () => {
    serve({ 'POST /api/admin-registration-code/request': () => jsonAnswer(200, { message: 'Code sent.' }) })
    await renderApp('/super-admin', { user: superAdmin })
    await userEvent.type(await screen.findByLabelText('Admin e-mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Admin first name'), 'Ada')
    await userEvent.type(screen.getByLabelText('Admin last name'), 'Admin')
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('Code sent.')).toBeInTheDocument()
    expect(screen.getByLabelText('Admin e-mail')).toHaveValue('')
  })

  it('shows the newest actions in words, each linking to its order, and links to the whole log', async () => {
    const release = {
      id: 7,
      createdAt: '2026-11-25T10:00:00.000Z',
      kind: 'KEYCODE_RELEASED',
      kindLabel: 'Keycode released',
      actor: { id: 'a1', name: 'Alex Queue' },
      text: 'Alex Queue released the keycode of KD-ABCDEFGHJK (2019 Kia Forte, VIN ...4821) by mail',
      link: { kind: 'order', search: 'KD-ABCDEFGHJK', label: 'KD-ABCDEFGHJK' },
    }
    const calls = serve({ 'GET /api/admin/action-log': () => jsonAnswer(200, { entries: [release], nextBefore: null }) })
    await renderApp('/super-admin', { user: superAdmin })
    expect(await screen.findByText(/Alex Queue released the keycode of KD-ABCDEFGHJK/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open order KD-ABCDEFGHJK' })).toHaveAttribute('href', '/admin?search=KD-ABCDEFGHJK')
    expect(screen.getByRole('link', { name: 'Open the action log to filter and export' })).toHaveAttribute(
      'href',
      '/super-admin/action-log',
    )
    expect(calls.find((call) => call.key === 'GET /api/admin/action-log')?.url).toContain('limit=10')
  })

  it('says when the approved list and the action log are empty', async () => {
    serve()
    await renderApp('/super-admin', { user: superAdmin })
    expect(await screen.findByText('No approved admins yet.')).toBeInTheDocument()
    expect(await screen.findByText('No entries match.')).toBeInTheDocument()
  })

  it('asks for a reason in a dialog before revoking, and sends it as the revocation notes', async () => {
    const calls = serve({
      'GET /api/admin-approval/approved': () => jsonAnswer(200, [approvedAdmin]),
      'POST /api/admin-approval/reject': () => jsonAnswer(200, { message: 'Admin account rejected successfully!' }),
    })
    await renderApp('/super-admin', { user: superAdmin })
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Bo Approved' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke admin access' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }))
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.revokeReasonRequired)).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/admin-approval/reject')).toBe(false)
    await userEvent.type(within(dialog).getByLabelText('Reason for revoking'), 'Left the company')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }))
    expect(await screen.findByText(/Admin access revoked\. Bo Approved can no longer sign in\./)).toBeInTheDocument()
    expect(screen.getByText(/Admin access revoked\./).closest('[tabindex="-1"]')).toHaveFocus()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/admin-approval/reject')?.body))).toEqual({
      superAdminEmail: 'boss@keydesk.test',
      adminId: 'b2',
      rejectionNotes: 'Revoked by super admin: Left the company',
    })
  })

  it('lists revoked admins with who revoked them, when and why', async () => {
    serve({ 'GET /api/admin-approval/rejected': () => jsonAnswer(200, [revokedAdmin]) })
    await renderApp('/super-admin', { user: superAdmin })
    const list = await screen.findByRole('region', { name: 'Rejected and revoked admins' })
    expect(await within(list).findByText(/Cy Gone · cy@example\.com/)).toBeInTheDocument()
    expect(within(list).getByText('Revoked')).toBeInTheDocument()
    expect(within(list).getByText(/By Sam Boss on .* · Reason: Shared the portal password/)).toBeInTheDocument()
  })

  it('searches the rejected and revoked list on the server with the search box', async () => {
    const calls = serve()
    await renderApp('/super-admin', { user: superAdmin })
    await userEvent.type(await screen.findByLabelText('Search admins'), 'cy')
    await waitFor(() =>
      expect(calls.some((call) => call.key === 'GET /api/admin-approval/rejected' && call.url.includes('search=cy'))).toBe(true),
    )
  })

  it('says how many admins a bulk approve approved, never that they were rejected', async () => {
    serve()
    await renderApp('/super-admin', { user: superAdmin })
    await screen.findByText(/Ada Admin/)
    await userEvent.click(screen.getByRole('checkbox'))
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }))
    expect(await screen.findByText('1 admin account approved.')).toBeInTheDocument()
    expect(screen.queryByText(/rejected successfully/i)).not.toBeInTheDocument()
  })

  it("shows the create form's own field messages instead of the browser's validation bubble", async () => {
    const calls = serve()
    await renderApp('/super-admin', { user: superAdmin })
    const form = (await screen.findByRole('form', { name: 'Create super admin' })) as HTMLFormElement
    expect(form.noValidate).toBe(true)
    await userEvent.click(within(form).getByRole('button', { name: 'Create super admin' }))
    expect(await within(form).findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument()
    expect(within(form).getByText(AUTH_MESSAGES.passwordMin8)).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/super-admin/create')).toBe(false)
  })

  it('asks a signed-out visitor to log in', async () => {
    serve()
    await renderApp('/super-admin')
    expect(await screen.findByText('Please log in to access the super admin dashboard')).toBeInTheDocument()
  })
})
