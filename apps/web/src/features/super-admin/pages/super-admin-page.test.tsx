import { screen } from '@testing-library/react'
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

function serve(overrides = {}) {
  return fakeApi({
    'GET /api/admin-approval/pending': () => jsonAnswer(200, [pendingAdmin]),
    'GET /api/admin-approval/approved': () => jsonAnswer(200, []),
    'GET /api/admin/actions': () => jsonAnswer(200, []),
    'POST /api/admin-approval/approve': () => jsonAnswer(200, { message: 'Admin account approved successfully!' }),
    ...overrides,
  })
}

describe('super admin dashboard (docs/product.md §8)', () => {
  it('disables bulk approve and reject until an admin is selected', async () => {
    serve()
    renderApp('/super-admin', { user: superAdmin })
    await screen.findByText(/Ada Admin/)
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled()
    await userEvent.click(screen.getByRole('checkbox'))
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeEnabled()
  })

  it("approves an admin, naming the signed-in super admin, with 'Admin account approved successfully!'", async () => {
    const calls = serve()
    renderApp('/super-admin', { user: superAdmin })
    await screen.findByText(/Ada Admin/)
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Admin account approved successfully!')).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/admin-approval/approve')?.body))).toMatchObject({
      superAdminEmail: 'boss@keydesk.test',
      adminId: 'a1',
    })
  })

  it("shows 'Failed to fetch admin data' when the lists cannot load", async () => {
    serve({ 'GET /api/admin-approval/pending': () => errorAnswer(500, 'Something went wrong') })
    renderApp('/super-admin', { user: superAdmin })
    expect(await screen.findByText('Failed to fetch admin data')).toBeInTheDocument()
  })

  it('empties the create form after success, so no temporary password stays on screen', async () => {
    serve({ 'POST /api/super-admin/create': () => jsonAnswer(200, { message: 'created' }) })
    renderApp('/super-admin', { user: superAdmin })
    await userEvent.type(await screen.findByLabelText('Super admin e-mail'), 'new.boss@keydesk.test')
    await userEvent.type(screen.getByLabelText('Temporary password'), 'Temp-Keyway-2026')
    await userEvent.click(screen.getAllByRole('button', { name: 'Create super admin' }).at(-1) as HTMLElement)
    expect(await screen.findByText('Super admin created successfully.')).toBeInTheDocument()
    expect(screen.getByLabelText('Temporary password')).toHaveValue('')
    expect(screen.getByLabelText('Super admin e-mail')).toHaveValue('')
  })

  it('empties the send-code form after success', async () => {
    serve({ 'POST /api/admin-registration-code/request': () => jsonAnswer(200, { message: 'Code sent.' }) })
    renderApp('/super-admin', { user: superAdmin })
    await userEvent.type(await screen.findByLabelText('Admin e-mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Admin first name'), 'Ada')
    await userEvent.type(screen.getByLabelText('Admin last name'), 'Admin')
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('Code sent.')).toBeInTheDocument()
    expect(screen.getByLabelText('Admin e-mail')).toHaveValue('')
  })

  it('shows by which channels a keycode was released in the action log', async () => {
    const release = {
      id: 7,
      actorId: 'a1',
      action: 'KEYCODE_RELEASED',
      targetType: 'vehicle_request',
      targetId: 'r1',
      createdAt: '2026-11-25T10:00:00.000Z',
      summary: 'Released in the account and by e-mail (order KD-ABCDEFGHJK)',
    }
    serve({ 'GET /api/admin/actions': () => jsonAnswer(200, [release]) })
    renderApp('/super-admin', { user: superAdmin })
    expect(await screen.findByText(/Released in the account and by e-mail \(order KD-ABCDEFGHJK\)/)).toBeInTheDocument()
  })

  it('says when the approved list and the action log are empty', async () => {
    serve()
    renderApp('/super-admin', { user: superAdmin })
    expect(await screen.findByText('No approved admins yet.')).toBeInTheDocument()
    expect(screen.getByText('No actions recorded yet.')).toBeInTheDocument()
  })

  it('asks a signed-out visitor to log in', async () => {
    serve()
    renderApp('/super-admin')
    expect(await screen.findByText('Please log in to access the super admin dashboard')).toBeInTheDocument()
  })
})
