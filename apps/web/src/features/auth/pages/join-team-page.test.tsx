import { TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'
import { setSessionHint } from '../../session/session-hint.ts'

afterEach(() => vi.unstubAllGlobals())

const preview = {
  businessName: 'Northside Locks',
  locationName: 'Downtown',
  role: 'TECHNICIAN',
  email: 'tomas@example.com',
  expiresAt: '2026-11-30T00:00:00.000Z',
}

const image = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' })

describe('the invitation page (docs/product.md, Enterprise teams)', () => {
  it('shows the business, location and role, then sends the invitee’s sign-in and both sides of their photo ID', async () => {
    const calls = fakeApi({
      'POST /api/team-invitation/preview': () => jsonAnswer(200, preview),
      'POST /api/team-invitation/accept': () => jsonAnswer(201, { message: TEAM_MESSAGES.joined, user: {} }),
    })
    renderApp('/join-team?token=link-token')
    expect(await screen.findByText('Northside Locks invites you as technician at Downtown.')).toBeInTheDocument()
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ token: 'link-token' })
    await userEvent.type(screen.getByLabelText('First name'), 'Tomas')
    await userEvent.type(screen.getByLabelText('Last name'), 'Tech')
    await userEvent.type(screen.getByLabelText('Phone'), '555-0102')
    await userEvent.type(screen.getByLabelText('Password'), 'Lockpick-Lantern-42')
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Lockpick-Lantern-42')
    await userEvent.selectOptions(screen.getByLabelText('State or province'), 'Texas')
    await userEvent.upload(screen.getByLabelText('Government photo ID (front)'), image('front.png'))
    await userEvent.upload(screen.getByLabelText('Government photo ID (back)'), image('back.png'))
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }))
    expect(await screen.findByText(TEAM_MESSAGES.joined)).toBeInTheDocument()
    const sent = calls.find((call) => call.key === 'POST /api/team-invitation/accept')?.body as FormData
    expect(sent.get('token')).toBe('link-token')
    expect(sent.get('state')).toBe('Texas')
    expect(sent.get('frontId')).toBeInstanceOf(File)
    expect(sent.get('backId')).toBeInstanceOf(File)
  })

  it('sends nothing without both sides of the photo ID', async () => {
    const calls = fakeApi({ 'POST /api/team-invitation/preview': () => jsonAnswer(200, preview) })
    renderApp('/join-team?token=link-token')
    await screen.findByText('Northside Locks invites you as technician at Downtown.')
    await userEvent.click(screen.getByRole('button', { name: 'Join the team' }))
    expect(calls.some((call) => call.key === 'POST /api/team-invitation/accept')).toBe(false)
  })

  it('lets the signed-in account of the invited address join with one button, and asks nothing else of it', async () => {
    const calls = fakeApi({
      'POST /api/team-invitation/preview': () => jsonAnswer(200, { ...preview, email: 'dana@locke-keys.example' }),
      'POST /api/team-invitation/join': () => jsonAnswer(200, { message: TEAM_MESSAGES.joinedWithAccount }),
      // Joining reads everything again, the signed-in user included: still the same account.
      'GET /api/auth/me': () => jsonAnswer(200, { user: testUser() }),
    })
    // This browser has signed in (an earlier test's sign-up left the hint unset), so reading the user again keeps it.
    setSessionHint(true)
    renderApp('/join-team?token=link-token', { user: testUser() })
    await userEvent.click(await screen.findByRole('button', { name: 'Join with this account' }))
    // The member lands on the Team page, told so; its code loads on first visit (in a full run that can take seconds).
    expect(await screen.findByRole('heading', { name: 'Team' }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByText(TEAM_MESSAGES.joinedWithAccount)).toBeInTheDocument()
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/team-invitation/join')?.body))).toEqual({ token: 'link-token' })
    expect(screen.queryByLabelText('Password')).toBeNull()
  })

  it('joins nothing while signed in as another address, and says how to go on', async () => {
    const calls = fakeApi({ 'POST /api/team-invitation/preview': () => jsonAnswer(200, preview) })
    renderApp('/join-team?token=link-token', { user: testUser() })
    expect(await screen.findByText(TEAM_MESSAGES.otherAccount)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull()
    expect(calls.some((call) => call.key === 'POST /api/team-invitation/join')).toBe(false)
  })

  it('says why a used link opens nothing', async () => {
    fakeApi({ 'POST /api/team-invitation/preview': () => errorAnswer(409, TEAM_MESSAGES.invitationUsed, 'CONFLICT') })
    renderApp('/join-team?token=used-token')
    expect(await screen.findByText(TEAM_MESSAGES.invitationUsed)).toBeInTheDocument()
  })
})
