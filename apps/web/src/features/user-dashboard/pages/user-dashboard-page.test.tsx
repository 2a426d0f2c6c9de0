import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../app/testing/fake-api.ts'
import { renderApp } from '../../../app/testing/render-app.tsx'
import { testUser } from '../../../app/testing/test-user.ts'
import { progressPoint } from '../components/order-tracker.tsx'

afterEach(() => vi.unstubAllGlobals())

const order = (id: string, make: string, model: string, vin: string) => ({
  id,
  make: { manufacturerName: make },
  model,
  year: 2020,
  vin,
  status: 'PENDING',
  price: 70,
  frontId: null,
  backId: null,
  registration: null,
  keycode: null,
  pincode: null,
  createdAt: '2026-11-22T10:00:00.000Z',
})

function renderDashboard() {
  fakeApi({
    'GET /api/vehicle/user-requests': () =>
      jsonAnswer(200, {
        pendingRequests: [order('a', 'Ford', 'F-150', '1FTEW1EP0LFA00001'), order('b', 'Honda', 'Civic', '1HGCR2F31GA000000')],
        inProgressRequests: [],
        fulfilledRequests: [{ ...order('c', 'Kia', 'Soul', 'KNDJN2A20L7000001'), status: 'FULFILLED', keycode: 'K1234' }],
      }),
    'GET /api/vehicle/order-tracker': () => jsonAnswer(200, { ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false }),
  })
  renderApp('/user-dash', { user: testUser({ fname: 'Lena' }) })
}

describe('user dashboard (spec 2.6)', () => {
  it('welcomes the user and counts orders by status', async () => {
    renderDashboard()
    expect(await screen.findByText('Welcome, Lena.')).toBeInTheDocument()
    expect(await screen.findByText('2020 Ford F-150')).toBeInTheDocument()
    expect(screen.getAllByText('Pending')[0]?.nextElementSibling).toHaveTextContent('2')
  })

  it('searches by VIN, model or make', async () => {
    renderDashboard()
    await screen.findByText('2020 Ford F-150')
    await userEvent.type(screen.getByLabelText('Search by VIN, model or make'), 'civic')
    expect(screen.queryByText('2020 Ford F-150')).not.toBeInTheDocument()
    expect(screen.getByText('2020 Honda Civic')).toBeInTheDocument()
  })

  it('shows fulfilled orders with their keycode on the Fulfilled tab', async () => {
    renderDashboard()
    await screen.findByText('2020 Ford F-150')
    await userEvent.click(screen.getByRole('tab', { name: 'Fulfilled' }))
    expect(screen.getByText('K1234')).toBeInTheDocument()
  })

  it('sets the tracker at the last step flagged true', () => {
    expect(progressPoint({ ACCOUNT: true, DOCS: true, PROCESSING: false, COMPLETED: false })).toBe(1)
    expect(progressPoint({ ACCOUNT: false, DOCS: false, PROCESSING: false, COMPLETED: false })).toBe(-1)
  })
})
