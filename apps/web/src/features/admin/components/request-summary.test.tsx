import type { AdminRequest } from '@keydesk/contracts/admin'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RequestFacts, requestPhotos } from './request-summary.tsx'

const order: AdminRequest = {
  id: 'r1',
  make: 'Honda',
  model: 'Civic',
  year: 2016,
  vin: '1HGCR2F31GA000000',
  status: 'PENDING',
  price: 60,
  keycodePrice: 60,
  keycodeUserEmail: 'shop@example.com',
  buyerId: 'u1',
  checkoutEmail: 'shop@example.com',
  checkoutName: null,
  isValidatedUser: true,
  accountState: 'ACTIVE',
  frontId: '/api/files/f1',
  backId: null,
  registration: '/api/files/f2',
  licenseFront: null,
  licenseBack: null,
  ownershipDocument: 'INSURANCE',
  ownerName: 'Dana Reyes',
  platePhoto: '/api/files/f3',
  odometerPhoto: null,
  paidAt: '2026-11-22T10:00:00.000Z',
  paidPrice: 60,
  isGuest: false,
  documents: [],
  servicePlan: 'NONE',
  dueAt: '2026-11-24T10:00:00.000Z',
  buyerName: 'Sam Shop',
  startedBy: null,
  batch: null,
}

describe("the order panel's proof of ownership (docs/decisions/041)", () => {
  it('names the ownership photo by what the buyer said it is, and lists the plate photo', () => {
    expect(requestPhotos(order).map((photo) => photo.label)).toEqual([
      'Government photo ID (front)',
      'Insurance card or policy',
      'Licence plate photo',
    ])
  })

  it('names the registration photo as the contract does when the buyer did not say', () => {
    expect(requestPhotos({ ...order, ownershipDocument: null }).map((photo) => photo.label)).toContain('Registration, title or insurance')
  })

  it("shows the vehicle owner's name of a member's customer authorisation", () => {
    render(<RequestFacts request={order} />)
    expect(screen.getByText('Vehicle owner (customer authorisation): Dana Reyes')).toBeInTheDocument()
  })
})
