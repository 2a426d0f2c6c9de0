import {
  type InvitationBody,
  type LocationBody,
  type PersonChangeBody,
  TEAM_INVITATION_DAYS,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  type TeamAnswer,
  type TeamMembership,
} from '@keydesk/contracts/teams'
import { DAY_MS } from '@keydesk/contracts/time'
import { AppError } from '../../../errors.ts'
import { digest, newOpaqueToken } from '../../../lib/opaque-tokens.ts'
import type { Uses } from '../../../ports.ts'
import { enqueueMail, recordAction, renderMail } from '../../platform/index.ts'
import { announceSessionsEnded, endAllSessions } from '../auth/end-sessions.ts'
import { actsFor, findStanding, requireTeamManager } from './business.ts'
import * as repository from './repository.ts'

const locationView = (row: repository.LocationRow) => ({
  id: row.id,
  name: row.name,
  address: row.address,
  region: row.region as TeamAnswer['locations'][number]['region'],
  phone: row.phone,
  createdAt: row.createdAt.toISOString(),
})

/**
 * GET /team (docs/product.md, 'Enterprise teams'): the owner's whole team, a manager's locations with the people and
 * invitations there. Readable after the business left Enterprise, which `enterpriseActive` says, so the screens can
 * say why nothing more can be done; a technician, or an account that never had a team, is refused.
 */
export async function readTeam(ports: Uses<'database' | 'clock'>, userId: string): Promise<TeamAnswer> {
  const db = ports.database.db
  const standing = await findStanding(db, userId)
  if (!standing || standing.position === 'TECHNICIAN') throw new AppError('FORBIDDEN', TEAM_MESSAGES.notOnTeam)
  const scope = standing.locationIds ?? undefined
  const locations = await repository.listLocations(db, standing.business.id, scope)
  if (standing.position === 'OWNER' && !standing.business.enterpriseActive && locations.length === 0) {
    throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownerOnly)
  }
  const [people, invitations] = await Promise.all([
    repository.listPeople(db, standing.business.id, scope),
    repository.listOpenInvitations(db, standing.business.id, ports.clock.now()),
  ])
  return {
    business: { id: standing.business.id, name: standing.business.name },
    position: standing.position,
    enterpriseActive: standing.business.enterpriseActive,
    locations: locations.map(locationView),
    people: people.map((person) => ({ ...person, joinedAt: person.joinedAt.toISOString() })),
    invitations: invitations
      .filter(({ invitation }) => actsFor(standing, invitation.locationId))
      .map(({ invitation, locationName }) => ({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        locationId: invitation.locationId,
        locationName,
        expiresAt: invitation.expiresAt.toISOString(),
        createdAt: invitation.createdAt.toISOString(),
      })),
  }
}

/** GET /team/membership: the business the caller works for and whether its ordering is open; null off any team. */
export async function readMembership(ports: Uses<'database'>, userId: string): Promise<TeamMembership> {
  const db = ports.database.db
  const standing = await findStanding(db, userId)
  if (!standing) return null
  const locations = await repository.listLocations(db, standing.business.id, standing.locationIds ?? undefined)
  if (standing.position === 'OWNER' && !standing.business.enterpriseActive && locations.length === 0) return null
  return {
    business: { id: standing.business.id, name: standing.business.name },
    position: standing.position,
    enterpriseActive: standing.business.enterpriseActive,
    locations: locations.map((location) => ({ id: location.id, name: location.name })),
    closedReason: standing.business.enterpriseActive ? null : TEAM_MESSAGES.notEnterprise,
  }
}

/** POST /team/locations: the owner of a validated business on an active Enterprise plan adds a shop. */
export async function createLocation(ports: Uses<'database' | 'clock'>, userId: string, body: LocationBody) {
  return ports.database.db.transaction(async (tx) => {
    const standing = await requireTeamManager(tx, userId)
    if (standing.position !== 'OWNER') throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownerOnly)
    const row = await repository.insertLocation(tx, { businessId: standing.business.id, ...body, createdAt: ports.clock.now() })
    await recordAction(tx, {
      actorId: userId,
      action: 'TEAM_LOCATION_CREATED',
      targetType: 'team_location',
      targetId: row.id,
      details: { userId: standing.business.id, locationName: row.name },
    })
    return locationView(row)
  })
}

/**
 * DELETE /team/locations/:id: the owner closes a shop. Everyone assigned to it is signed out at once (their access
 * changed); a technician, whose one location it was, and a manager left with none leave the team; its open
 * invitations are withdrawn. Allowed whatever the plan: taking access away never waits for a renewal.
 */
export async function removeLocation(ports: Uses<'database' | 'clock' | 'events' | 'log'>, userId: string, locationId: string) {
  const now = ports.clock.now()
  const signedOut = await ports.database.db.transaction(async (tx) => {
    const standing = await findStanding(tx, userId, { lock: true })
    if (standing?.position !== 'OWNER') throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownerOnly)
    const businessId = standing.business.id
    const location = await repository.lockOpenLocation(tx, businessId, locationId)
    if (!location || !(await repository.markLocationRemoved(tx, businessId, locationId, now))) {
      throw new AppError('NOT_FOUND', TEAM_MESSAGES.locationUnknown)
    }
    const people = await repository.listPeopleOfLocation(tx, locationId)
    await repository.removeLocationAssignments(tx, locationId)
    await repository.withdrawInvitationsOfLocation(tx, locationId, now)
    for (const person of people) {
      if (person.role === 'TECHNICIAN' || person.locationCount <= 1) {
        await repository.deleteMembership(tx, businessId, person.userId)
        await recordAction(tx, {
          actorId: userId,
          action: 'TEAM_MEMBER_REMOVED',
          targetType: 'user',
          targetId: person.userId,
          details: { userId: businessId, role: person.role, locationName: location.name, withLocation: true },
        })
      }
      await endAllSessions(tx, person.userId, now, 'TEAM_REMOVED')
    }
    await recordAction(tx, {
      actorId: userId,
      action: 'TEAM_LOCATION_REMOVED',
      targetType: 'team_location',
      targetId: locationId,
      details: { userId: businessId, locationName: location.name },
    })
    return people.map((person) => person.userId)
  })
  for (const personId of signedOut) await announceSessionsEnded(ports, personId)
  return { message: TEAM_MESSAGES.locationRemoved }
}

/**
 * POST /team/invitations: the owner invites a manager or a technician to one of the business's locations, a manager
 * a technician to one of theirs. The link's token travels only in the mail; its SHA-256 is stored. The mail names no
 * business: the invitee's address has not proved itself, so no typed name goes into it (docs/decisions/018).
 */
export async function invite(ports: Uses<'database' | 'clock' | 'config' | 'secretKey'>, userId: string, body: InvitationBody) {
  const token = newOpaqueToken()
  const now = ports.clock.now()
  const link = `${ports.config.publicUrl}/join-team?token=${encodeURIComponent(token)}`
  const mail = await renderMail({
    subject: 'You are invited to a team on Keydesk',
    preview: `An invitation to join a locksmith business on Keydesk, valid for ${TEAM_INVITATION_DAYS} days.`,
    greeting: { name: null },
    paragraphs: [
      `A business on Keydesk invited you to join its team as a ${TEAM_ROLE_LABELS[body.role].toLowerCase()}. Open the link to see the business and its location, create your sign-in and upload your government photo ID.`,
    ],
    action: { label: 'Open the invitation', url: link },
    notes: [`The link works once and expires in ${TEAM_INVITATION_DAYS} days. If you did not expect it, ignore this e-mail.`],
  })
  return ports.database.db.transaction(async (tx) => {
    const standing = await requireTeamManager(tx, userId)
    const location = await repository.lockOpenLocation(tx, standing.business.id, body.locationId)
    if (!location || !actsFor(standing, location.id)) throw new AppError('NOT_FOUND', TEAM_MESSAGES.locationUnknown)
    if (standing.position === 'MANAGER' && body.role !== 'TECHNICIAN')
      throw new AppError('FORBIDDEN', TEAM_MESSAGES.managerInvitesTechnicians)
    if (await repository.hasOpenInvitation(tx, standing.business.id, body.email, now))
      throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInvited)
    const invitation = await repository.insertInvitation(tx, {
      businessId: standing.business.id,
      locationId: location.id,
      role: body.role,
      email: body.email,
      tokenHash: digest(token),
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS),
      createdAt: now,
    })
    await enqueueMail(tx, { to: body.email, subject: mail.subject, text: mail.text, html: mail.html }, ports.secretKey)
    await recordAction(tx, {
      actorId: userId,
      action: 'TEAM_INVITATION_SENT',
      targetType: 'team_invitation',
      targetId: invitation.id,
      details: { userId: standing.business.id, email: body.email, role: body.role, locationName: location.name },
    })
    return {
      message: TEAM_MESSAGES.invited,
      invitation: {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        locationId: location.id,
        locationName: location.name,
        expiresAt: invitation.expiresAt.toISOString(),
        createdAt: invitation.createdAt.toISOString(),
      },
    }
  })
}

/** DELETE /team/invitations/:id: the owner, or a manager of its location, withdraws an open invitation. */
export async function withdraw(ports: Uses<'database' | 'clock'>, userId: string, invitationId: string) {
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    const standing = await findStanding(tx, userId, { lock: true })
    if (!standing || standing.position === 'TECHNICIAN') throw new AppError('FORBIDDEN', TEAM_MESSAGES.notOnTeam)
    const invitation = await repository.findInvitation(tx, standing.business.id, invitationId)
    if (!invitation || !actsFor(standing, invitation.locationId)) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationUnknown)
    if (!(await repository.withdrawInvitation(tx, invitation.id, now))) throw new AppError('CONFLICT', TEAM_MESSAGES.invitationClosed)
    await recordAction(tx, {
      actorId: userId,
      action: 'TEAM_INVITATION_WITHDRAWN',
      targetType: 'team_invitation',
      targetId: invitation.id,
      details: { userId: standing.business.id, email: invitation.email, role: invitation.role },
    })
    return { message: TEAM_MESSAGES.withdrawn }
  })
}

/**
 * PATCH /team/people/:id: the owner makes a person a manager or a technician and gives them locations of the
 * business. What they reach follows at their next call: the access rule reads the team afresh each time.
 */
export async function changePerson(ports: Uses<'database'>, userId: string, personId: string, body: PersonChangeBody) {
  return ports.database.db.transaction(async (tx) => {
    const standing = await findStanding(tx, userId, { lock: true })
    if (standing?.position !== 'OWNER') throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownerOnly)
    const person = await repository.findMembership(tx, personId, { lock: true })
    if (person?.businessId !== standing.business.id) throw new AppError('NOT_FOUND', TEAM_MESSAGES.personUnknown)
    const wanted = [...new Set(body.locationIds)]
    const locations = await repository.listLocations(tx, standing.business.id, wanted)
    if (locations.length !== wanted.length) throw new AppError('NOT_FOUND', TEAM_MESSAGES.locationUnknown)
    await repository.replaceRoleAndLocations(tx, personId, body.role, wanted)
    await recordAction(tx, {
      actorId: userId,
      action: 'TEAM_MEMBER_CHANGED',
      targetType: 'user',
      targetId: personId,
      details: {
        userId: standing.business.id,
        role: body.role,
        previousRole: person.role,
        locationNames: locations.map((location) => location.name),
      },
    })
    return { message: TEAM_MESSAGES.personChanged }
  })
}

/**
 * DELETE /team/people/:id: the owner removes anyone from the team, a manager a technician of their locations. The
 * person is signed out everywhere at once and their open event streams close; the orders they placed stay with the
 * business. Allowed whatever the plan.
 */
export async function removePerson(ports: Uses<'database' | 'clock' | 'events' | 'log'>, userId: string, personId: string) {
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    const standing = await findStanding(tx, userId, { lock: true })
    if (!standing || standing.position === 'TECHNICIAN') throw new AppError('FORBIDDEN', TEAM_MESSAGES.notOnTeam)
    const person = await repository.findMembership(tx, personId, { lock: true })
    const reachable =
      person !== undefined &&
      person.businessId === standing.business.id &&
      (standing.position === 'OWNER' || (person.role === 'TECHNICIAN' && person.locationIds.every((id) => actsFor(standing, id))))
    if (!reachable || !(await repository.deleteMembership(tx, standing.business.id, personId))) {
      throw new AppError('NOT_FOUND', TEAM_MESSAGES.personUnknown)
    }
    await endAllSessions(tx, personId, now, 'TEAM_REMOVED')
    await recordAction(tx, {
      actorId: userId,
      action: 'TEAM_MEMBER_REMOVED',
      targetType: 'user',
      targetId: personId,
      details: { userId: standing.business.id, role: person.role },
    })
  })
  await announceSessionsEnded(ports, personId)
  return { message: TEAM_MESSAGES.personRemoved }
}
