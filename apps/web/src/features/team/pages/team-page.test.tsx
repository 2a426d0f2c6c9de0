import { TEAM_SENTENCE } from '@keydesk/contracts/team-plan'
import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { FakeEventSource } from '../../../test/fake-event-source.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const BUSINESS = { id: '11111111-1111-4111-8111-111111111111', name: 'Northside Locks' }
const DOWNTOWN = { id: '33333333-3333-4333-8333-333333333333', name: 'Downtown' }
const PERSON = '44444444-4444-4444-8444-444444444444'
const INVITATION = '55555555-5555-4555-8555-555555555555'

const membership = (position: 'OWNER' | 'MANAGER' | 'TECHNICIAN', enterpriseActive = true) => ({
  business: BUSINESS,
  position,
  enterpriseActive,
  locations: [DOWNTOWN],
  closedReason: enterpriseActive ? null : TEAM_MESSAGES.notEnterprise,
})

const team = (enterpriseActive = true) => ({
  business: BUSINESS,
  position: 'OWNER',
  enterpriseActive,
  locations: [{ ...DOWNTOWN, address: '12 Main St', region: 'Texas', phone: '555-0101', createdAt: '2026-11-01T00:00:00.000Z' }],
  people: [
    {
      id: PERSON,
      name: 'Tomas Tech',
      email: 'tomas@example.com',
      role: 'TECHNICIAN',
      locations: [DOWNTOWN],
      validated: false,
      joinedAt: '2026-11-02T00:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: INVITATION,
      email: 'pending@example.com',
      role: 'TECHNICIAN',
      locationId: DOWNTOWN.id,
      locationName: 'Downtown',
      expiresAt: '2026-11-30T00:00:00.000Z',
      createdAt: '2026-11-23T00:00:00.000Z',
    },
  ],
})

const order = {
  id: '66666666-6666-4666-8666-666666666666',
  confirmationNumber: 'KD-ABCDEFGHJK',
  vehicle: { make: 'Honda', model: 'Civic', year: 2016, vin: '1HGCR2F30GA100000' },
  status: 'FULFILLED',
  servicePlan: 'ENTERPRISE',
  paidAt: '2026-11-20T15:00:00.000Z',
  dueAt: '2026-11-20T15:30:00.000Z',
  amountCents: 4500,
  buyer: { id: PERSON, name: 'Tomas Tech' },
  location: DOWNTOWN,
  keycode: 'KC-4471',
  pincode: null,
  keyBlank: null,
  transponder: null,
}

function openTeam(position: 'OWNER' | 'MANAGER' | 'TECHNICIAN' | null, enterpriseActive = true) {
  const calls = fakeApi({
    'GET /api/team/membership': () => jsonAnswer(200, position ? membership(position, enterpriseActive) : null),
    'GET /api/team': () => jsonAnswer(200, team(enterpriseActive)),
    'GET /api/team/orders': () => jsonAnswer(200, { orders: [order], nextBefore: null }),
    'POST /api/team/invitations': (call) =>
      jsonAnswer(201, {
        message: TEAM_MESSAGES.invited,
        invitation: { ...team().invitations[0], email: JSON.parse(String(call.body)).email },
      }),
    [`DELETE /api/team/people/${PERSON}`]: () => jsonAnswer(200, { message: TEAM_MESSAGES.personRemoved }),
    [`PATCH /api/team/people/${PERSON}`]: () => jsonAnswer(200, { message: TEAM_MESSAGES.personChanged }),
    [`DELETE /api/team/invitations/${INVITATION}`]: () => jsonAnswer(200, { message: TEAM_MESSAGES.withdrawn }),
  })
  renderApp('/team', { user: testUser() })
  return calls
}

describe('the Team page (docs/product.md, Enterprise teams)', () => {
  it("shows the owner the locations, people, pending invitations and the business's orders with the code", async () => {
    openTeam('OWNER')
    expect(await screen.findByRole('heading', { name: 'Locations' })).toBeInTheDocument()
    const person = (await screen.findByRole('button', { name: 'Remove Tomas Tech' })).closest('li') as HTMLElement
    expect(person).toHaveTextContent('Tomas Tech · Technician · Downtown · Photo ID waiting for review')
    const invitation = screen.getByRole('button', { name: 'Withdraw the invitation of pending@example.com' }).closest('li') as HTMLElement
    expect(invitation).toHaveTextContent('pending@example.com · Technician at Downtown')
    const orderCard = (await screen.findByRole('heading', { name: '2016 Honda Civic' })).closest('li') as HTMLElement
    expect(orderCard).toHaveTextContent('Ordered by Tomas Tech for Downtown')
    expect(within(orderCard).getByText('KC-4471')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download the spend CSV' }).getAttribute('href')).toMatch(
      /\/api\/team\/spend\.csv\?month=\d{4}-\d{2}$/,
    )
  })

  it("reads the business's orders again when the status stream reports one of them moved", async () => {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
    const calls = openTeam('OWNER')
    await screen.findByRole('heading', { name: '2016 Honda Civic' })
    const stream = FakeEventSource.instances.find((source) => source.url.endsWith('/api/vehicle/user-requests/stream'))
    if (!stream) throw new Error('the Team page opened no status stream')
    const orderReads = () => calls.filter((call) => call.key === 'GET /api/team/orders').length
    const before = orderReads()
    act(() => stream.emit('request-status', { requestId: order.id, status: 'FULFILLED' }))
    await waitFor(() => expect(orderReads()).toBeGreaterThan(before))
  })

  it('sends an invitation with the chosen role and location and says it was sent', async () => {
    const calls = openTeam('OWNER')
    await userEvent.type(await screen.findByLabelText('E-mail'), 'new.tech@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText(TEAM_MESSAGES.invited)).toBeInTheDocument()
    const sent = calls.find((call) => call.key === 'POST /api/team/invitations')
    expect(JSON.parse(String(sent?.body))).toEqual({ email: 'new.tech@example.com', role: 'TECHNICIAN', locationId: DOWNTOWN.id })
  })

  it("changes a person's role and locations from the owner's dialog", async () => {
    const calls = openTeam('OWNER')
    await userEvent.click(await screen.findByRole('button', { name: 'Change role or locations of Tomas Tech' }))
    const dialog = await screen.findByRole('dialog', { name: 'Role and locations of Tomas Tech' })
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'MANAGER')
    expect(within(dialog).getByLabelText('Downtown')).toBeChecked()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(TEAM_MESSAGES.personChanged)).toBeInTheDocument()
    const sent = calls.find((call) => call.key === `PATCH /api/team/people/${PERSON}`)
    expect(JSON.parse(String(sent?.body))).toEqual({ role: 'MANAGER', locationIds: [DOWNTOWN.id] })
  })

  it('removes a person and withdraws an invitation', async () => {
    const calls = openTeam('OWNER')
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Tomas Tech' }))
    expect(await screen.findByText(TEAM_MESSAGES.personRemoved)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of pending@example.com' }))
    expect(await screen.findByText(TEAM_MESSAGES.withdrawn)).toBeInTheDocument()
    expect(calls.map((call) => call.key)).toEqual(
      expect.arrayContaining([`DELETE /api/team/people/${PERSON}`, `DELETE /api/team/invitations/${INVITATION}`]),
    )
  })

  it('says why nothing can be ordered or invited once the business left Enterprise, and offers no invitation form', async () => {
    openTeam('OWNER', false)
    expect(await screen.findByText(TEAM_MESSAGES.notEnterprise)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'People' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument()
  })

  it('shows a technician their business and their orders, and never asks for the team', async () => {
    const calls = openTeam('TECHNICIAN')
    expect(await screen.findByRole('heading', { name: '2016 Honda Civic' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Locations' })).not.toBeInTheDocument()
    expect(calls.some((call) => call.key === 'GET /api/team')).toBe(false)
  })

  it('tells a member without a team what the team plan gives', async () => {
    openTeam(null)
    expect(await screen.findByText(TEAM_SENTENCE)).toBeInTheDocument()
  })
})
