import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../app/testing/fake-api.ts'
import { renderApp } from '../../../app/testing/render-app.tsx'
import { testUser } from '../../../app/testing/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const queued = (id: string, status: string) => ({
  id,
  make: 'Ford',
  model: 'F-150',
  year: 2020,
  vin: '1FTEW1EP0LFA00001',
  status,
  price: 70,
  keycodePrice: 70,
  keycodeUserEmail: 'owner@example.com',
  isValidatedUser: true,
  frontId: null,
  backId: null,
  registration: null,
  licenseFront: null,
  licenseBack: null,
  paidAt: '2026-11-22T10:00:00.000Z',
})

const admin = testUser({ role: 'ADMIN' })

describe('admin dashboard', () => {
  it("starts a pending request and says 'Status updated to In Progress'", async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, [queued('p1', 'PENDING')]),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, []),
      'POST /api/admin/update-request-status/p1': () => jsonAnswer(200, { message: 'Status updated to In Progress' }),
    })
    renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }))
    expect(await screen.findByText('Status updated to In Progress')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/admin/update-request-status/p1')).toBe(true)
  })

  it("asks for a keycode before submitting: 'Please enter a keycode before submitting.'", async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [queued('i1', 'INPROGRESS')]),
    })
    renderApp('/admin', { user: admin })
    await userEvent.click(await screen.findByRole('button', { name: 'Submit keycode' }))
    expect(screen.getByText('Please enter a keycode before submitting.')).toBeInTheDocument()
    expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(false)
  })

  it('sends the keycode and the optional PIN', async () => {
    const calls = fakeApi({
      'GET /api/admin/pending-requests': () => jsonAnswer(200, []),
      'GET /api/admin/in-progress-requests': () => jsonAnswer(200, [queued('i1', 'INPROGRESS')]),
      'POST /api/admin/process-request': () => jsonAnswer(200, { message: 'Keycode delivered.' }),
    })
    renderApp('/admin', { user: admin })
    await userEvent.type(await screen.findByLabelText('Keycode'), 'K4471')
    await userEvent.click(screen.getByRole('button', { name: 'Submit keycode' }))
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'POST /api/admin/process-request')).toBe(true))
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/admin/process-request')?.body))).toEqual({
      vehicleId: 'i1',
      keycode: 'K4471',
    })
  })
})
