import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../app/testing/fake-api.ts'
import { renderApp } from '../../../app/testing/render-app.tsx'
import { testUser } from '../../../app/testing/test-user.ts'

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
}

describe('user history page', () => {
  it("says 'No history found for this email.' for an e-mail without orders", async () => {
    fakeApi({ 'GET /api/admin/user-history': () => jsonAnswer(200, []) })
    renderApp('/admin/user-history', { user: admin })
    await userEvent.type(await screen.findByLabelText('Customer e-mail'), 'nobody@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Fetch history' }))
    expect(await screen.findByText('No history found for this email.')).toBeInTheDocument()
  })
})

describe('registered users page', () => {
  it("validates the selected user with 'User validated successfully.'", async () => {
    fakeApi({
      'GET /api/admin/users': () => jsonAnswer(200, [person]),
      'PATCH /api/admin/validate-user/u1': () => jsonAnswer(200, { message: 'User validated successfully.' }),
    })
    renderApp('/admin/registered-users', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }))
    expect(await screen.findByText('User validated successfully.')).toBeInTheDocument()
  })

  it('asks "Revoke this user\'s access?" before revoking', async () => {
    const calls = fakeApi({ 'GET /api/admin/users': () => jsonAnswer(200, [person]) })
    // happy-dom has no window.confirm: stand in for the browser's dialog, answering No.
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    renderApp('/admin/registered-users', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }))
    expect(confirm).toHaveBeenCalledWith("Revoke this user's access?")
    expect(calls.some((call) => call.key.includes('/revoke'))).toBe(false)
  })
})

describe('document validation page', () => {
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
          },
        ]),
      'PATCH /api/compliance/documents/d1/review': () => jsonAnswer(200, { message: 'Document reviewed.' }),
    })
    renderApp('/admin/document-validation', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: /Lena Locke/ }))
    expect(await screen.findByText('FRONT_ID · pending')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Review notes'), 'Clear photo')
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'PATCH /api/compliance/documents/d1/review')).toBe(true))
    expect(JSON.parse(String(calls.find((call) => call.key === 'PATCH /api/compliance/documents/d1/review')?.body))).toEqual({
      verified: true,
      notes: 'Clear photo',
    })
  })
})
