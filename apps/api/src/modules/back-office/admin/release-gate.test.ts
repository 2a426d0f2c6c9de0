import { ADMIN_MESSAGES } from '@keydesk/contracts/admin'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { mailOutbox } from '../../../db/schema/mail.ts'
import { vehicleRequests } from '../../../db/schema/ordering.ts'
import { keycodeReleases } from '../../../db/schema/releases.ts'
import type { SignedIn } from '../../../test/accounts.ts'
import { signedInAdmin, signInAsBootstrapSuperAdmin } from '../../../test/accounts.ts'
import { paidGuestOrder, paidMemberOrder, processRequest, startRequest } from '../../../test/paid-orders.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { describeProof } from './release-gate.ts'

let testApp: TestApp
let admin: SignedIn

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await signedInAdmin(testApp)
})

afterAll(async () => {
  await testApp.close()
})

async function started(order: Promise<{ requestId: string }>) {
  const { requestId } = await order
  expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
  return requestId
}

async function stateOf(requestId: string) {
  const db = testApp.app.database.db
  const [request] = await db.select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId))
  const releases = await db.select().from(keycodeReleases).where(eq(keycodeReleases.vehicleRequestId, requestId))
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `keycode-ready:${requestId}`))
  return { status: request?.status, keycodeStored: request?.keycodeEncrypted !== null, releases, mails }
}

describe('release gate', () => {
  it('refuses a keycode for a member whose account is not validated, saying what is missing, and changes nothing', async () => {
    const requestId = await started(paidMemberOrder(testApp))
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-1' })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(ADMIN_MESSAGES.releaseNotValidated)
    expect(await stateOf(requestId)).toEqual({ status: 'INPROGRESS', keycodeStored: false, releases: [], mails: [] })
  })

  it('releases to a validated member without a reason', async () => {
    const requestId = await started(paidMemberOrder(testApp, { validated: true }))
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-2' })).statusCode).toBe(200)
    const { releases } = await stateOf(requestId)
    expect(releases[0]).toMatchObject({ accountValidated: true, isGuest: false, overrideReason: null, channels: ['account', 'email'] })
  })

  it('says in the action log by which channels the code was released', async () => {
    const requestId = await started(paidMemberOrder(testApp, { validated: true }))
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-LOG' })).statusCode).toBe(200)
    const superAdmin = await signInAsBootstrapSuperAdmin(testApp)
    const actions = (await testApp.app.inject({ method: 'GET', url: '/api/admin/actions', headers: superAdmin.headers })).json()
    const released = actions.find(
      (entry: { action: string; targetId: string }) => entry.action === 'KEYCODE_RELEASED' && entry.targetId === requestId,
    )
    expect(released.summary).toMatch(/^Released in the account and by e-mail \(order KD-[A-Z0-9]{10}\)$/)
  })

  it('releases to an unvalidated member with an override reason, stored with the release and in the action log', async () => {
    const requestId = await started(paidMemberOrder(testApp))
    const reason = 'Licence checked by phone with the shop owner'
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-3', overrideReason: reason })
    expect(answer.statusCode).toBe(200)
    const { releases } = await stateOf(requestId)
    expect(releases[0]).toMatchObject({ accountValidated: false, overrideReason: reason, releasedBy: admin.id })
    expect(releases[0]?.documentsOnFile).toContain('Government photo ID (front) (pending review)')
    const actions = await testApp.app.database.db.select().from(actionLog).where(eq(actionLog.targetId, requestId))
    expect(actions.map((entry) => entry.action).sort()).toEqual(['KEYCODE_RELEASED', 'REQUEST_STARTED'])
    expect(actions.find((entry) => entry.action === 'KEYCODE_RELEASED')).toMatchObject({
      actorId: admin.id,
      details: { overrideReason: reason, gate: 'account not validated' },
    })
  })

  it('records no override when the gate would have released anyway, though the reason is kept', async () => {
    const requestId = await started(paidMemberOrder(testApp, { validated: true }))
    const overrideReason = 'Reason given out of habit'
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-8', overrideReason })).statusCode).toBe(200)
    const actions = await testApp.app.database.db.select().from(actionLog).where(eq(actionLog.targetId, requestId))
    expect(actions.find((entry) => entry.action === 'KEYCODE_RELEASED')?.details).not.toHaveProperty('overrideReason')
    expect((await stateOf(requestId)).releases[0]).toMatchObject({ overrideReason })
  })

  it('refuses an override reason shorter than 10 characters', async () => {
    const requestId = await started(paidMemberOrder(testApp))
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-4', overrideReason: 'ok fine' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().message).toBe('Give a reason of at least 10 characters.')
    expect((await stateOf(requestId)).status).toBe('INPROGRESS')
  })

  it('refuses a guest order until the admin confirms the licence photos match', async () => {
    const requestId = await started(paidGuestOrder(testApp))
    const refused = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-5' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(ADMIN_MESSAGES.releaseGuestUnchecked)
    const unchecked = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-5', identityChecked: false })
    expect(unchecked.statusCode).toBe(409)
    expect(await stateOf(requestId)).toMatchObject({ status: 'INPROGRESS', releases: [], mails: [] })
  })

  it('releases a guest order once the identity is checked, recording the check and the e-mail channel', async () => {
    const requestId = await started(paidGuestOrder(testApp))
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-6', identityChecked: true })
    expect(answer.statusCode).toBe(200)
    const { releases } = await stateOf(requestId)
    expect(releases[0]).toMatchObject({
      isGuest: true,
      identityChecked: true,
      documentsOnFile: 'licence photos on the request; proof of ownership: Vehicle registration photo',
      channels: ['email'],
    })
  })

  it('answers which order was released and the address its mail was queued to', async () => {
    const guest = await paidGuestOrder(testApp)
    const requestId = await started(Promise.resolve(guest))
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-9', identityChecked: true })
    expect(answer.json()).toEqual({
      message: ADMIN_MESSAGES.fulfilled,
      confirmationNumber: guest.transaction.confirmationNumber,
      mailQueuedTo: guest.email,
    })
  })

  it('releases a guest order with an override reason instead of the identity check', async () => {
    const requestId = await started(paidGuestOrder(testApp))
    const overrideReason = 'Known customer, identity confirmed in person'
    expect((await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-GATE-7', overrideReason })).statusCode).toBe(200)
    expect((await stateOf(requestId)).releases[0]).toMatchObject({ identityChecked: false, overrideReason })
  })
})

describe('admin queue shows what the gate reads', () => {
  it('refuses with 409 a validated member whose account was revoked after paying, even with a reason, and mails nothing', async () => {
    const { member, requestId } = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    const revoked = await testApp.app.inject({ method: 'PATCH', url: `/api/admin/users/${member.id}/revoke`, headers: admin.headers })
    expect(revoked.statusCode).toBe(200)
    for (const extra of [{}, { overrideReason: 'The shop owner called to confirm it' }]) {
      const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-REVOKED', ...extra })
      expect(answer.statusCode).toBe(409)
      expect(answer.json().message).toBe(ADMIN_MESSAGES.releaseAccountRevoked)
    }
    expect(await stateOf(requestId)).toEqual({ status: 'INPROGRESS', keycodeStored: false, releases: [], mails: [] })
    const queue = await testApp.app.inject({ method: 'GET', url: '/api/admin/in-progress-requests?limit=100', headers: admin.headers })
    expect(queue.json().find((entry: { id: string }) => entry.id === requestId)).toMatchObject({
      isValidatedUser: true,
      accountState: 'REVOKED',
    })
  })

  it('refuses with 409 an order whose account its owner deleted (closed for its 30 days), since no one can receive the code', async () => {
    const { member, requestId } = await paidMemberOrder(testApp, { validated: true })
    expect((await startRequest(testApp, admin, requestId)).statusCode).toBe(200)
    expect((await testApp.app.inject({ method: 'PUT', url: '/api/keycode-user/delete', headers: member.headers })).statusCode).toBe(200)
    const answer = await processRequest(testApp, admin, { vehicleId: requestId, keycode: 'K-DELETED', identityChecked: true })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(ADMIN_MESSAGES.releaseNoRecipient)
    expect(await stateOf(requestId)).toMatchObject({ status: 'INPROGRESS', keycodeStored: false, releases: [] })
  })

  it("names the member's account and what was typed at checkout, so the panel can validate and compare in place", async () => {
    const member = await paidMemberOrder(testApp)
    const guest = await paidGuestOrder(testApp)
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests?limit=100', headers: admin.headers })).json()
    const byId = new Map(list.map((entry: { id: string }) => [entry.id, entry]))
    expect(byId.get(member.requestId)).toMatchObject({ buyerId: member.member.id, checkoutEmail: member.member.email })
    expect(byId.get(guest.requestId)).toMatchObject({ buyerId: null, checkoutEmail: guest.email, checkoutName: 'Pat Payer' })
  })

  it('shows an active member as ACTIVE and a guest without an account state', async () => {
    const member = await started(paidMemberOrder(testApp, { validated: true }))
    const guest = await started(paidGuestOrder(testApp))
    const queue = (
      await testApp.app.inject({ method: 'GET', url: '/api/admin/in-progress-requests?limit=100', headers: admin.headers })
    ).json()
    expect(queue.find((entry: { id: string }) => entry.id === member)).toMatchObject({ accountState: 'ACTIVE' })
    expect(queue.find((entry: { id: string }) => entry.id === guest)).toMatchObject({ accountState: null, isGuest: true })
  })

  it('lists each request with the paid price, guest or member, and the documents on file with their review', async () => {
    const member = await paidMemberOrder(testApp)
    const guest = await paidGuestOrder(testApp)
    const list = (await testApp.app.inject({ method: 'GET', url: '/api/admin/pending-requests?limit=100', headers: admin.headers })).json()
    const byId = new Map(list.map((entry: { id: string }) => [entry.id, entry]))
    expect(byId.get(member.requestId)).toMatchObject({
      isGuest: false,
      isValidatedUser: false,
      paidPrice: 60,
      documents: expect.arrayContaining([
        { docType: 'FRONT_ID', verified: null },
        { docType: 'COI', verified: null },
      ]),
    })
    expect(byId.get(guest.requestId)).toMatchObject({ isGuest: true, paidPrice: 60, documents: [], licenseFront: expect.any(String) })
  })
})

describe('the proof of ownership in the release record (docs/decisions/041)', () => {
  const none = {
    ownershipDocument: null,
    hasOwnershipPhoto: false,
    hasOwnerId: false,
    hasPlatePhoto: false,
    hasOdometerPhoto: false,
    ownerName: null,
  }

  it("lists a member's customer authorisation: the owner's name and ID, the ownership document by its kind, plate and odometer", () => {
    const proof = {
      ownershipDocument: 'TITLE' as const,
      hasOwnershipPhoto: true,
      hasOwnerId: true,
      hasPlatePhoto: true,
      hasOdometerPhoto: true,
      ownerName: 'Dana Reyes',
    }
    expect(describeProof(proof, false)).toBe(
      "; customer authorisation: owner Dana Reyes, owner's ID photos, Title photo, licence plate photo, odometer photo",
    )
  })

  it("lists a guest's ownership photo by its kind, and never a name a guest cannot give", () => {
    expect(describeProof({ ...none, ownershipDocument: 'INSURANCE', hasOwnershipPhoto: true, ownerName: 'Ignored' }, true)).toBe(
      '; proof of ownership: Insurance card or policy photo',
    )
  })

  it('adds nothing when the request carried no proof', () => {
    expect(describeProof(none, false)).toBe('')
  })
})
