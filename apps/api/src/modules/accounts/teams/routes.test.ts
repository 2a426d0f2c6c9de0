import type { AddressInfo } from 'node:net'
import { SESSION_END_MESSAGES } from '@keydesk/contracts/auth-messages'
import { TEAM_INVITATION_DAYS, TEAM_MESSAGES } from '@keydesk/contracts/teams'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLog } from '../../../db/schema/action-log.ts'
import { complianceDocuments } from '../../../db/schema/compliance.ts'
import { teamInvitations, teamMemberLocations, teamMembers } from '../../../db/schema/teams.ts'
import { users } from '../../../db/schema/users.ts'
import { digest } from '../../../lib/opaque-tokens.ts'
import { registerAndSignIn, type SignedIn, uniqueEmail } from '../../../test/accounts.ts'
import { openStream } from '../../../test/event-stream.ts'
import { pngImage } from '../../../test/images.ts'
import { acceptCall, createLocation, enterpriseOwner, inviteCall, joinTeam, mailedInvitationToken } from '../../../test/teams.ts'
import { createTestApp, type TestApp } from '../../../test/test-app.ts'
import { testClock } from '../../../test/test-clock.ts'

/**
 * Enterprise teams (docs/product.md, 'Enterprise teams'; docs/decisions/039): who creates locations and invites,
 * the single-use invitation, the invitee's own account, removal that ends sessions at once, a business that left
 * Enterprise, and no reach into another business.
 */
let testApp: TestApp
let base: string
const clock = testClock()

beforeAll(async () => {
  testApp = await createTestApp({}, { clock })
  await testApp.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await testApp.close()
})

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  testApp.app.inject({ method, url, headers: who.headers, payload })
const team = (who: SignedIn) => call('GET', '/api/team', who)
const setPlan = (userId: string, values: Partial<typeof users.$inferInsert>) =>
  testApp.app.database.db.update(users).set(values).where(eq(users.id, userId))

describe('locations', () => {
  it('the owner of a validated business on Enterprise creates a location and sees it on the team', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner, 'Uptown')
    const answer = await team(owner)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      business: { id: owner.id, name: 'Northside Locks' },
      position: 'OWNER',
      enterpriseActive: true,
      locations: [{ id: location.id, name: 'Uptown', region: 'Texas' }],
    })
  })

  it('an account without Enterprise, on Professional or not validated creates no location', async () => {
    const plain = await registerAndSignIn(testApp)
    const professional = await enterpriseOwner(testApp)
    await setPlan(professional.id, { subscriptionTier: 'PROFESSIONAL' })
    const unvalidated = await enterpriseOwner(testApp)
    await setPlan(unvalidated.id, { isValidatedUser: false })
    for (const who of [plain, professional, unvalidated]) {
      const answer = await call('POST', '/api/team/locations', who, { name: 'X', address: '1 A St', region: 'Texas', phone: '1' })
      expect(answer.statusCode).toBe(403)
      expect(answer.json().message).toBe(TEAM_MESSAGES.ownerOnly)
    }
  })

  it('a manager or a technician creates no location', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    for (const role of ['MANAGER', 'TECHNICIAN'] as const) {
      const person = await joinTeam(testApp, owner, role, location.id)
      const answer = await call('POST', '/api/team/locations', person, { name: 'X', address: '1 A St', region: 'Texas', phone: '1' })
      expect(answer.statusCode).toBe(403)
    }
  })
})

/** An Enterprise owner's fresh invitation of a technician to a new location, with the token its mail carries. */
async function invitedTechnician() {
  const owner = await enterpriseOwner(testApp)
  const location = await createLocation(testApp, owner)
  const email = uniqueEmail('tech')
  await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })
  return { owner, location, email, token: await mailedInvitationToken(testApp, email) }
}

describe('invitations', () => {
  it('an invitation is mailed as a link whose token is kept only as its digest, for the 7 days it works', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const email = uniqueEmail('tech')
    const answer = await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })
    expect(answer.statusCode).toBe(201)
    const token = await mailedInvitationToken(testApp, email)
    const [row] = await testApp.app.database.db.select().from(teamInvitations).where(eq(teamInvitations.email, email))
    expect(row?.tokenHash).toBe(digest(token))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row ? row.expiresAt.getTime() - row.createdAt.getTime() : 0).toBe(TEAM_INVITATION_DAYS * 86_400_000)
    expect((await team(owner)).json().invitations).toMatchObject([{ email, role: 'TECHNICIAN', locationName: 'Downtown' }])
  })

  it('the invitee sees the business, location and role of the link before giving anything', async () => {
    const owner = await enterpriseOwner(testApp, 'Eastgate Keys')
    const location = await createLocation(testApp, owner, 'Harbor')
    const email = uniqueEmail('tech')
    await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })
    const token = await mailedInvitationToken(testApp, email)
    const answer = await testApp.app.inject({ method: 'POST', url: '/api/team-invitation/preview', payload: { token } })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ businessName: 'Eastgate Keys', locationName: 'Harbor', role: 'TECHNICIAN', email })
  })

  it('accepting creates the invitee their own account with their photo ID, on the team at the location', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const email = uniqueEmail('tech')
    await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })
    const answer = await acceptCall(testApp, await mailedInvitationToken(testApp, email), { fname: 'Tina' })
    expect(answer.statusCode).toBe(201)
    expect(answer.json().message).toBe(TEAM_MESSAGES.joined)
    const userId = answer.json().user.id
    const [account] = await testApp.app.database.db.select().from(users).where(eq(users.id, userId))
    expect(account).toMatchObject({ email, fname: 'Tina', isValidatedUser: false, role: 'BASEUSER' })
    const documents = await testApp.app.database.db.select().from(complianceDocuments).where(eq(complianceDocuments.userId, userId))
    expect(documents.map((document) => document.docType).sort()).toEqual(['BACK_ID', 'FRONT_ID'])
    const [member] = await testApp.app.database.db.select().from(teamMembers).where(eq(teamMembers.userId, userId))
    expect(member).toMatchObject({ businessId: owner.id, role: 'TECHNICIAN' })
    const logged = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'TEAM_JOINED'), eq(actionLog.targetId, userId)))
    expect(logged).toHaveLength(1)
  })

  it('an acceptance without both sides of the photo ID is refused and leaves no account', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const email = uniqueEmail('tech')
    await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })
    const answer = await acceptCall(testApp, await mailedInvitationToken(testApp, email), {}, { backId: null })
    expect(answer.statusCode).toBe(400)
    expect(await testApp.app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('a used invitation is refused the second time', async () => {
    const { token } = await invitedTechnician()
    expect((await acceptCall(testApp, token)).statusCode).toBe(201)
    const again = await acceptCall(testApp, token, { fname: 'Other' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(TEAM_MESSAGES.invitationUsed)
  })

  it('two acceptances of one invitation in flight together make one account', async () => {
    const { email, token } = await invitedTechnician()
    const answers = await Promise.all([acceptCall(testApp, token), acceptCall(testApp, token)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(TEAM_MESSAGES.invitationUsed)
    expect(await testApp.app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1)
  })

  it('an acceptance still cleaning its photos when another one joins is told the link was used', async () => {
    const { email, token } = await invitedTechnician()
    // The slow one opens the invitation, then cleans a 49-megapixel photo (about the most a file may have) while the
    // quick one, sent a moment later, joins; only then does the slow one reach the account's transaction.
    const photo = new Blob([new Uint8Array(await pngImage(7000, 7000))], { type: 'image/png' })
    const slow = acceptCall(testApp, token, {}, { frontId: photo })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const quick = await acceptCall(testApp, token)
    expect(quick.statusCode).toBe(201)
    expect((await slow).statusCode).toBe(409)
    expect((await slow).json().message).toBe(TEAM_MESSAGES.invitationUsed)
    expect(await testApp.app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1)
  })

  it('an acceptance and a withdrawal in flight together: the one that wins decides, and no half-made account stays', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const email = uniqueEmail('tech')
    const invitation = (await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })).json().invitation
    const token = await mailedInvitationToken(testApp, email)
    const [accepted, withdrawn] = await Promise.all([
      acceptCall(testApp, token),
      call('DELETE', `/api/team/invitations/${invitation.id}`, owner),
    ])
    const accounts = await testApp.app.database.db.select().from(users).where(eq(users.email, email))
    const members = await testApp.app.database.db.select().from(teamMembers).where(eq(teamMembers.businessId, owner.id))
    if (accepted.statusCode === 201) {
      expect(withdrawn.statusCode).toBe(409)
      expect(accounts).toHaveLength(1)
      expect(members).toHaveLength(1)
    } else {
      expect([accepted.statusCode, withdrawn.statusCode]).toEqual([409, 200])
      expect(accounts).toHaveLength(0)
      expect(members).toHaveLength(0)
    }
  })

  it('a withdrawn invitation is refused, and only its business withdraws it', async () => {
    const owner = await enterpriseOwner(testApp)
    const other = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const email = uniqueEmail('tech')
    const invitation = (await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })).json().invitation
    expect((await call('DELETE', `/api/team/invitations/${invitation.id}`, other)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/team/invitations/${invitation.id}`, owner)).statusCode).toBe(200)
    const answer = await acceptCall(testApp, await mailedInvitationToken(testApp, email))
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(TEAM_MESSAGES.invitationWithdrawn)
    expect((await team(owner)).json().invitations).toEqual([])
  })

  it(`an invitation is refused once its ${TEAM_INVITATION_DAYS} days are over`, async () => {
    const { token } = await invitedTechnician()
    clock.advance(TEAM_INVITATION_DAYS * 86_400_000)
    const answer = await acceptCall(testApp, token)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(TEAM_MESSAGES.invitationExpired)
  })

  it('an unknown link opens nothing', async () => {
    const answer = await acceptCall(testApp, 'not-a-real-invitation-token')
    expect(answer.statusCode).toBe(404)
    expect(answer.json().message).toBe(TEAM_MESSAGES.invitationInvalid)
  })

  it('an open invitation is refused once the business left Enterprise, and no account is made', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const email = uniqueEmail('tech')
    await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: location.id })
    await setPlan(owner.id, { subscriptionTier: 'NONE' })
    const answer = await acceptCall(testApp, await mailedInvitationToken(testApp, email))
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(TEAM_MESSAGES.notEnterprise)
    expect(await testApp.app.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })
})

describe('managers and technicians', () => {
  it('a manager invites a technician to their own location', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const manager = await joinTeam(testApp, owner, 'MANAGER', location.id)
    expect((await inviteCall(testApp, manager, { role: 'TECHNICIAN', locationId: location.id })).statusCode).toBe(201)
  })

  it('a manager invites no one to another location of the business, and no manager', async () => {
    const owner = await enterpriseOwner(testApp)
    const theirs = await createLocation(testApp, owner, 'Theirs')
    const elsewhere = await createLocation(testApp, owner, 'Elsewhere')
    const manager = await joinTeam(testApp, owner, 'MANAGER', theirs.id)
    expect((await inviteCall(testApp, manager, { role: 'TECHNICIAN', locationId: elsewhere.id })).statusCode).toBe(404)
    const asManager = await inviteCall(testApp, manager, { role: 'MANAGER', locationId: theirs.id })
    expect(asManager.statusCode).toBe(403)
    expect(asManager.json().message).toBe(TEAM_MESSAGES.managerInvitesTechnicians)
  })

  it('a manager sees the locations given to them and the people there, not the rest of the business', async () => {
    const owner = await enterpriseOwner(testApp)
    const theirs = await createLocation(testApp, owner, 'Theirs')
    const elsewhere = await createLocation(testApp, owner, 'Elsewhere')
    const manager = await joinTeam(testApp, owner, 'MANAGER', theirs.id)
    const near = await joinTeam(testApp, owner, 'TECHNICIAN', theirs.id)
    const far = await joinTeam(testApp, owner, 'TECHNICIAN', elsewhere.id)
    const seen = (await team(manager)).json()
    expect(seen.position).toBe('MANAGER')
    expect(seen.locations.map((location: { name: string }) => location.name)).toEqual(['Theirs'])
    const ids = seen.people.map((person: { id: string }) => person.id)
    expect(ids).toEqual(expect.arrayContaining([manager.id, near.id]))
    expect(ids).not.toContain(far.id)
  })

  it('a technician manages nothing: no team view, no invitation', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const technician = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)
    expect((await team(technician)).statusCode).toBe(403)
    expect((await inviteCall(testApp, technician, { role: 'TECHNICIAN', locationId: location.id })).statusCode).toBe(403)
    const membership = (await call('GET', '/api/team/membership', technician)).json()
    expect(membership).toMatchObject({
      position: 'TECHNICIAN',
      enterpriseActive: true,
      locations: [{ id: location.id }],
      closedReason: null,
    })
  })

  it('a manager removes a technician of their location, never the owner’s manager or a technician elsewhere', async () => {
    const owner = await enterpriseOwner(testApp)
    const theirs = await createLocation(testApp, owner, 'Theirs')
    const elsewhere = await createLocation(testApp, owner, 'Elsewhere')
    const manager = await joinTeam(testApp, owner, 'MANAGER', theirs.id)
    const peer = await joinTeam(testApp, owner, 'MANAGER', theirs.id)
    const near = await joinTeam(testApp, owner, 'TECHNICIAN', theirs.id)
    const far = await joinTeam(testApp, owner, 'TECHNICIAN', elsewhere.id)
    expect((await call('DELETE', `/api/team/people/${peer.id}`, manager)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/team/people/${far.id}`, manager)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/team/people/${near.id}`, manager)).statusCode).toBe(200)
  })
})

describe('another business', () => {
  it("reaches none of a business's locations, invitations or people", async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const person = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)
    const invitation = (await inviteCall(testApp, owner, { role: 'TECHNICIAN', locationId: location.id })).json().invitation
    const stranger = await enterpriseOwner(testApp, 'Rival Locks')
    await createLocation(testApp, stranger)
    const strangerManager = await joinTeam(testApp, stranger, 'MANAGER', (await createLocation(testApp, stranger, 'R2')).id)
    for (const who of [stranger, strangerManager]) {
      expect((await inviteCall(testApp, who, { role: 'TECHNICIAN', locationId: location.id })).statusCode).toBe(404)
      expect((await call('DELETE', `/api/team/invitations/${invitation.id}`, who)).statusCode).toBe(404)
      expect((await call('DELETE', `/api/team/people/${person.id}`, who)).statusCode).toBe(404)
      const seen = JSON.stringify((await team(who)).json())
      expect(seen).not.toContain(location.id)
      expect(seen).not.toContain(person.id)
      expect(seen).not.toContain(invitation.id)
    }
    expect((await call('DELETE', `/api/team/locations/${location.id}`, stranger)).statusCode).toBe(404)
    expect((await team(owner)).json().locations).toHaveLength(1)
  })
})

describe('an invitation to an e-mail that already has an account', () => {
  const joinCall = (who: SignedIn, token: string) => call('POST', '/api/team-invitation/join', who, { token })

  it('is refused as a sign-up, saying to log in with that account, and makes no second account', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const existing = await registerAndSignIn(testApp)
    expect((await inviteCall(testApp, owner, { email: existing.email, role: 'TECHNICIAN', locationId: location.id })).statusCode).toBe(201)
    const answer = await acceptCall(testApp, await mailedInvitationToken(testApp, existing.email))
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toBe(TEAM_MESSAGES.signInToJoin)
    expect(await testApp.app.database.db.select().from(users).where(eq(users.email, existing.email))).toHaveLength(1)
  })

  it('joins the team when that account, signed in as the invited address, accepts it; the link then opens nothing', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const existing = await registerAndSignIn(testApp)
    await inviteCall(testApp, owner, { email: existing.email, role: 'TECHNICIAN', locationId: location.id })
    const token = await mailedInvitationToken(testApp, existing.email)
    const answer = await joinCall(existing, token)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().message).toBe(TEAM_MESSAGES.joinedWithAccount)
    expect((await call('GET', '/api/team/membership', existing)).json()).toMatchObject({
      business: { id: owner.id },
      position: 'TECHNICIAN',
      locations: [{ id: location.id }],
    })
    expect((await team(owner)).json().people).toEqual([expect.objectContaining({ id: existing.id })])
    expect((await joinCall(existing, token)).json().message).toBe(TEAM_MESSAGES.invitationUsed)
    const [logged] = await testApp.app.database.db
      .select()
      .from(actionLog)
      .where(and(eq(actionLog.action, 'TEAM_JOINED'), eq(actionLog.targetId, existing.id)))
    expect(logged).toBeDefined()
  })

  it('pulls in no other account: one signed in as another address is refused and the invitation stays open', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const invitedEmail = uniqueEmail('invited')
    await inviteCall(testApp, owner, { email: invitedEmail, role: 'TECHNICIAN', locationId: location.id })
    const token = await mailedInvitationToken(testApp, invitedEmail)
    const other = await registerAndSignIn(testApp)
    const answer = await joinCall(other, token)
    expect(answer.statusCode).toBe(403)
    expect(answer.json().message).toBe(TEAM_MESSAGES.otherAccount)
    expect((await call('GET', '/api/team/membership', other)).json()).toBeNull()
    expect((await call('POST', '/api/team-invitation/preview', other, { token })).statusCode).toBe(200)
    expect((await testApp.app.inject({ method: 'POST', url: '/api/team-invitation/join', payload: { token } })).statusCode).toBe(401)
  })

  it('refuses an account already on a team, a business with its own locations, and one holding its own plan, each saying why', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const otherOwner = await enterpriseOwner(testApp)
    const onTeam = await joinTeam(testApp, otherOwner, 'TECHNICIAN', (await createLocation(testApp, otherOwner)).id)
    const business = await enterpriseOwner(testApp)
    await createLocation(testApp, business)
    await setPlan(business.id, { subscriptionTier: 'NONE' })
    const planHolder = await registerAndSignIn(testApp)
    await setPlan(planHolder.id, { subscriptionTier: 'PROFESSIONAL' })
    for (const [who, message] of [
      [onTeam, TEAM_MESSAGES.alreadyOnTeam],
      [business, TEAM_MESSAGES.ownTeam],
      [planHolder, TEAM_MESSAGES.ownPlan],
    ] as const) {
      await inviteCall(testApp, owner, { email: who.email, role: 'TECHNICIAN', locationId: location.id })
      const answer = await joinCall(who, await mailedInvitationToken(testApp, who.email))
      expect(answer.statusCode).toBe(409)
      expect(answer.json().message).toBe(message)
    }
    expect((await team(owner)).json().people).toEqual([])
  })
})

describe('removal', () => {
  it("removing a person ends their sessions and open streams at once, saying why on the device's next refresh", async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const technician = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)
    const stream = await openStream(base, technician.headers, '/api/vehicle/user-requests/stream')
    const answer = await call('DELETE', `/api/team/people/${technician.id}`, owner)
    expect(answer.statusCode).toBe(200)
    const closed = await Promise.race([stream.ended.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 5000))])
    expect(closed).toBe(true)
    expect((await call('GET', '/api/auth/me', technician)).statusCode).toBe(401)
    const refresh = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: technician.cookies.refresh_token ?? '' },
    })
    expect(refresh.statusCode).toBe(401)
    expect(refresh.json().message).toBe(SESSION_END_MESSAGES.TEAM_REMOVED)
    expect(await testApp.app.database.db.select().from(teamMembers).where(eq(teamMembers.userId, technician.id))).toHaveLength(0)
  })

  it('removing a location takes its technician off the team, signs out its manager who keeps other locations, and withdraws its invitations', async () => {
    const owner = await enterpriseOwner(testApp)
    const closing = await createLocation(testApp, owner, 'Closing')
    const staying = await createLocation(testApp, owner, 'Staying')
    const technician = await joinTeam(testApp, owner, 'TECHNICIAN', closing.id)
    const manager = await joinTeam(testApp, owner, 'MANAGER', closing.id)
    await testApp.app.database.db.insert(teamMemberLocations).values({
      userId: manager.id,
      locationId: staying.id,
    })
    const email = uniqueEmail('pending')
    await inviteCall(testApp, owner, { email, role: 'TECHNICIAN', locationId: closing.id })
    expect((await call('DELETE', `/api/team/locations/${closing.id}`, owner)).statusCode).toBe(200)
    expect((await call('GET', '/api/auth/me', technician)).statusCode).toBe(401)
    expect((await call('GET', '/api/auth/me', manager)).statusCode).toBe(401)
    const people = (await team(owner)).json().people
    expect(people.map((person: { id: string }) => person.id)).toEqual([manager.id])
    expect(people[0].locations.map((location: { name: string }) => location.name)).toEqual(['Staying'])
    expect((await acceptCall(testApp, await mailedInvitationToken(testApp, email))).statusCode).toBe(409)
  })
})

describe('a business that left Enterprise', () => {
  it('invites no one, its team view stays readable and says so, and the owner still removes people', async () => {
    const owner = await enterpriseOwner(testApp)
    const location = await createLocation(testApp, owner)
    const manager = await joinTeam(testApp, owner, 'MANAGER', location.id)
    const technician = await joinTeam(testApp, owner, 'TECHNICIAN', location.id)
    await setPlan(owner.id, { subscriptionTier: 'NONE' })
    const byManager = await inviteCall(testApp, manager, { role: 'TECHNICIAN', locationId: location.id })
    expect(byManager.statusCode).toBe(403)
    expect(byManager.json().message).toBe(TEAM_MESSAGES.notEnterprise)
    expect((await inviteCall(testApp, owner, { role: 'TECHNICIAN', locationId: location.id })).statusCode).toBe(403)
    const seen = await team(owner)
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toMatchObject({ enterpriseActive: false, locations: [{ id: location.id }] })
    expect((await call('GET', '/api/team/membership', technician)).json()).toMatchObject({
      enterpriseActive: false,
      closedReason: TEAM_MESSAGES.notEnterprise,
    })
    expect((await call('DELETE', `/api/team/people/${technician.id}`, owner)).statusCode).toBe(200)
  })
})
