import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

const profile = {
  firstName: 'Dana',
  lastName: 'Locke',
  email: 'dana@locke-keys.example',
  phone: null,
  company: null,
  address: null,
  city: null,
  state: null,
  zipCode: null,
  profilePhoto: null,
  companyLogo: null,
}

afterEach(() => vi.unstubAllGlobals())

describe('/profile', () => {
  it('shows the notices banner and the five tabs', async () => {
    fakeApi({
      'GET /api/user/profile': () => jsonAnswer(200, profile),
      'GET /api/user/notices': () =>
        jsonAnswer(200, [{ id: 'n1', title: 'Maintenance', date: '2026-01-01T00:00:00.000Z', message: 'Sunday' }]),
    })
    await renderApp('/profile', { user: testUser() })
    expect(await screen.findByRole('region', { name: 'Notices' })).toHaveTextContent('Maintenance')
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Profile', 'Subscription', 'Orders', 'Credentials', 'Security'])
    expect(await screen.findByLabelText('Email')).toHaveValue('dana@locke-keys.example')
  })

  it('shows the status counts and masked VINs on the Orders tab', async () => {
    fakeApi({
      'GET /api/user/profile': () => jsonAnswer(200, profile),
      'GET /api/user/notices': () => jsonAnswer(200, []),
      'GET /api/user/orders': () =>
        jsonAnswer(200, {
          status: { ACCOUNT: true, DOCS: false, PROCESSING: false, COMPLETED: true },
          statusMap: { PENDING: 1, INPROGRESS: 0, FULFILLED: 2 },
          orders: [
            {
              id: 'o1',
              orderDate: '2026-01-02T10:00:00.000Z',
              status: 'FULFILLED',
              vin: '*************0002',
              make: 'Ford',
              model: 'F-150',
              year: 2020,
              cost: 7000,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        }),
    })
    await renderApp('/profile', { user: testUser() })
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }))
    expect(await screen.findByText('*************0002')).toBeInTheDocument()
    expect(screen.getByText('$70.00')).toBeInTheDocument()
    expect(screen.getByText('Fulfilled', { selector: 'td' })).toBeInTheDocument()
  })

  it('moves between tabs with the arrow keys', async () => {
    fakeApi({ 'GET /api/user/profile': () => jsonAnswer(200, profile), 'GET /api/user/notices': () => jsonAnswer(200, []) })
    await renderApp('/profile', { user: testUser() })
    screen.getByRole('tab', { name: 'Profile' }).focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No plan')
  })
})
