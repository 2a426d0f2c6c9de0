import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const admin = testUser({ role: 'ADMIN' })
const person = {
  id: 'u1',
  fname: 'Lena',
  lname: 'Locke',
  email: 'lena@example.com',
  phone: null,
  state: 'Ohio',
  isActive: true,
  isValidatedUser: false,
  trialEndsAt: null,
  adminApprovalNotes: null,
  frontId: null,
  backId: null,
  insurance: null,
  adminNotes: null,
  documentReview: { pending: 2, approved: 1, rejected: 1 },
  closedAt: null,
}

describe('user history page', () => {
  it("says 'No history found for this email.' for an e-mail without orders", async () => {
    fakeApi({ 'GET /api/admin/user-history': () => jsonAnswer(200, []) })
    await renderApp('/admin/user-history', { user: admin })
    await userEvent.type(await screen.findByLabelText('Customer e-mail'), 'nobody@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Fetch history' }))
    expect(await screen.findByText('No history found for this email.')).toBeInTheDocument()
  })

  it('names each order by its confirmation number, never by its transaction id', async () => {
    const entry = { status: 'PENDING', make: 'Ford', model: 'F-150', vin: '1FTEW1EP0LFA00001' }
    fakeApi({
      'GET /api/admin/user-history': () =>
        jsonAnswer(200, [
          { ...entry, transactionId: '3f70424f-0d6a-4c1e-9b7a-2a5e6d4c3b21', confirmationNumber: 'KD-7Q2X9' },
          { ...entry, transactionId: '9a1b2c3d-0d6a-4c1e-9b7a-2a5e6d4c3b21', confirmationNumber: null },
        ]),
    })
    await renderApp('/admin/user-history', { user: admin })
    await userEvent.type(await screen.findByLabelText('Customer e-mail'), 'dana@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Fetch history' }))
    const table = (await screen.findByText('KD-7Q2X9')).closest('table') as HTMLElement
    expect(table).toHaveTextContent('Not paid yet')
    expect(table).not.toHaveTextContent('3f70424f')
  })
})

describe('registered users page', () => {
  it("shows each user's review state in the list", async () => {
    fakeApi({
      'GET /api/admin/users': () =>
        jsonAnswer(200, [{ ...person, isValidatedUser: true, documentReview: { pending: 0, approved: 4, rejected: 0 } }]),
    })
    await renderApp('/admin/registered-users', { user: admin })
    expect(await screen.findByRole('button', { name: /Lena Locke/ })).toHaveTextContent('Validated · documents approved')
  })

  it("validates the selected user with 'User validated successfully.'", async () => {
    fakeApi({
      'GET /api/admin/users': () => jsonAnswer(200, [person]),
      'PATCH /api/admin/validate-user/u1': () => jsonAnswer(200, { message: 'User validated successfully.' }),
    })
    await renderApp('/admin/registered-users', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }))
    expect(await screen.findByText('User validated successfully.')).toBeInTheDocument()
  })

  it('asks "Revoke this user\'s access?" before revoking', async () => {
    const calls = fakeApi({ 'GET /api/admin/users': () => jsonAnswer(200, [person]) })
    // happy-dom has no window.confirm: stand in for the browser's dialog, answering No.
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    await renderApp('/admin/registered-users', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }))
    expect(confirm).toHaveBeenCalledWith("Revoke this user's access?")
    expect(calls.some((call) => call.key.includes('/revoke'))).toBe(false)
  })
})

describe('document validation page', () => {
  it("shows each user's review state in the list", async () => {
    fakeApi({ 'GET /api/admin/users': () => jsonAnswer(200, [person]) })
    await renderApp('/admin/document-validation', { user: admin })
    expect(await screen.findByRole('button', { name: /Lena Locke/ })).toHaveTextContent('Not validated · 2 to review, 1 rejected')
  })

  it("approves a user's document with the review notes", async () => {
    const calls = fakeApi({
      'GET /api/admin/users': () => jsonAnswer(200, [person]),
      'GET /api/compliance/documents/u1': () =>
        jsonAnswer(200, [
          {
            id: 'd1',
            docType: 'FRONT_ID',
            verified: null,
            uploadedAt: '2026-11-22T10:00:00.000Z',
            reviewNotes: null,
            fileUrl: '/api/files/f1',
            reviewedBy: null,
            reviewedAt: null,
          },
        ]),
      'PATCH /api/compliance/documents/d1/review': () => jsonAnswer(200, { message: 'Document reviewed.' }),
    })
    await renderApp('/admin/document-validation', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    // A thumbnail under the document's human label, its state, and Approve and Reject while it waits for a review.
    expect(await screen.findByRole('button', { name: 'Enlarge Government photo ID (front)' })).toBeInTheDocument()
    expect(screen.getByText('pending review')).toBeInTheDocument()
    expect(screen.queryByText('FRONT_ID')).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Review notes for Government photo ID (front)'), 'Clear photo')
    await userEvent.click(screen.getByRole('button', { name: 'Approve Government photo ID (front)' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'PATCH /api/compliance/documents/d1/review')).toBe(true))
    expect(JSON.parse(String(calls.find((call) => call.key === 'PATCH /api/compliance/documents/d1/review')?.body))).toEqual({
      verified: true,
      notes: 'Clear photo',
    })
  })

  it('shows who reviewed a document and when, and offers Approve and Reject again only on purpose', async () => {
    fakeApi({
      'GET /api/admin/users': () => jsonAnswer(200, [person]),
      'GET /api/compliance/documents/u1': () =>
        jsonAnswer(200, [
          {
            id: 'd2',
            docType: 'COI',
            verified: true,
            uploadedAt: '2026-11-22T10:00:00.000Z',
            reviewNotes: 'Valid until 2027',
            fileUrl: '/api/files/f2',
            reviewedBy: 'Ada Admin',
            reviewedAt: '2026-11-22T11:00:00.000Z',
          },
        ]),
    })
    await renderApp('/admin/document-validation', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    expect(await screen.findByText(/Reviewed by Ada Admin on/)).toBeInTheDocument()
    expect(screen.getByText('approved')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Change review of Certificate of insurance' }))
    expect(screen.getByRole('button', { name: 'Reject with reason (Certificate of insurance)' })).toBeInTheDocument()
    expect(screen.getByLabelText('Review notes for Certificate of insurance')).toHaveValue('Valid until 2027')
  })
})

describe('registered users page: search and documents', () => {
  it('sends the search to the API, says when nothing matches, and enlarges an ID image of the chosen user', async () => {
    const calls = fakeApi({
      'GET /api/admin/users': (call) =>
        jsonAnswer(
          200,
          new URL(call.url, 'http://localhost').searchParams.get('search') === 'nobody'
            ? []
            : [{ ...person, frontId: '/api/files/id-front' }],
        ),
    })
    await renderApp('/admin/registered-users', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Enlarge Government photo ID (front)' }))
    expect(screen.getByRole('dialog', { name: 'Government photo ID (front)' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await userEvent.type(screen.getByLabelText('Search by name, e-mail, phone or company'), 'nobody')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument()
    expect(calls.some((call) => call.url.includes('search=nobody'))).toBe(true)
  })
})
