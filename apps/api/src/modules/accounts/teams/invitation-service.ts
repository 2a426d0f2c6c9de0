import { AcceptInvitationFieldsSchema, INVITATION_DOCUMENTS, type InvitationPreview, TEAM_MESSAGES } from '@keydesk/contracts/teams'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import type { MultipartBody } from '../../../lib/multipart.ts'
import { digest } from '../../../lib/opaque-tokens.ts'
import type { Uses } from '../../../ports.ts'
import { recordAction } from '../../platform/index.ts'
import { createMemberAccount, parseFields } from '../auth/registration-service.ts'
import { findUserByEmail } from '../members/account-repository.ts'
import { lockJoiningAccount } from '../members/membership-repository.ts'
import { findBusiness } from './business.ts'
import * as repository from './repository.ts'

/** Why a link opens nothing, checked in this order: unknown, used, withdrawn, expired. */
function refusalOf(invitation: repository.InvitationRow | undefined, now: Date): AppError | null {
  if (!invitation) return new AppError('NOT_FOUND', TEAM_MESSAGES.invitationInvalid)
  if (invitation.acceptedAt) return new AppError('CONFLICT', TEAM_MESSAGES.invitationUsed)
  if (invitation.withdrawnAt) return new AppError('CONFLICT', TEAM_MESSAGES.invitationWithdrawn)
  if (invitation.expiresAt.getTime() <= now.getTime()) return new AppError('CONFLICT', TEAM_MESSAGES.invitationExpired)
  return null
}

/** An open invitation with the business and location it names, or the refusal of the link. */
async function openInvitation(db: DbExecutor, token: string, now: Date) {
  const invitation = await repository.findInvitationByToken(db, digest(token))
  const refusal = refusalOf(invitation, now)
  if (refusal || !invitation) throw refusal ?? new AppError('NOT_FOUND', TEAM_MESSAGES.invitationInvalid)
  const [business, locations] = await Promise.all([
    findBusiness(db, invitation.businessId),
    repository.listLocations(db, invitation.businessId, [invitation.locationId]),
  ])
  const location = locations[0]
  if (!business || !location) throw new AppError('CONFLICT', TEAM_MESSAGES.invitationClosed)
  if (!business.enterpriseActive) throw new AppError('CONFLICT', TEAM_MESSAGES.notEnterprise)
  return { invitation, business, location }
}

/** POST /team-invitation/preview: what the link invites to, before the invitee gives anything. */
export async function previewInvitation(ports: Uses<'database' | 'clock'>, token: string): Promise<InvitationPreview> {
  const { invitation, business, location } = await openInvitation(ports.database.db, token, ports.clock.now())
  return {
    businessName: business.name,
    locationName: location.name,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
  }
}

/**
 * POST /team-invitation/accept (docs/decisions/039): the invitee's own account, made as sign-up makes one (password,
 * their own photo ID, validated later by an admin), for the invited e-mail, and their place on the team, in one
 * transaction. The invitation is used by a conditional write before the account's row is written, so of two
 * acceptances in flight one joins and the other is told the link was used; a location removed or a plan ended
 * meanwhile refuses the joining and leaves no account behind.
 */
export async function acceptInvitation(ports: Uses<'database' | 'storage' | 'clock' | 'config' | 'log'>, body: MultipartBody) {
  const fields = parseFields(AcceptInvitationFieldsSchema, body.fields)
  const now = ports.clock.now()
  const { invitation } = await openInvitation(ports.database.db, fields.token, now)
  // An address with an account joins as that account, signed in (joinWithOwnAccount), never by a second sign-up.
  if (await findUserByEmail(ports.database.db, invitation.email)) throw new AppError('CONFLICT', TEAM_MESSAGES.signInToJoin)
  const tokenHash = digest(fields.token)
  return createMemberAccount(ports, { ...fields, email: invitation.email }, body.files, INVITATION_DOCUMENTS, {
    before: (tx) => claimOpenPlace(tx, tokenHash, now),
    after: (tx, user, place) => join(tx, user.id, place, now),
  })
}

/**
 * Uses the invitation by a conditional write on its still-open row, then share-locks the business and the location
 * it names, so of two acceptances in flight one joins and a location closed or a plan ended meanwhile refuses.
 */
async function claimOpenPlace(tx: DbExecutor, tokenHash: string, now: Date) {
  const claimed = await repository.claimInvitation(tx, tokenHash, now)
  if (!claimed)
    throw refusalOf(await repository.findInvitationByToken(tx, tokenHash), now) ?? new AppError('CONFLICT', TEAM_MESSAGES.invitationClosed)
  const business = await findBusiness(tx, claimed.businessId, { lock: true })
  if (!business?.enterpriseActive) throw new AppError('CONFLICT', TEAM_MESSAGES.notEnterprise)
  const location = await repository.lockOpenLocation(tx, claimed.businessId, claimed.locationId)
  if (!location) throw new AppError('CONFLICT', TEAM_MESSAGES.invitationClosed)
  return { invitation: claimed, location }
}

async function join(tx: DbExecutor, userId: string, place: Awaited<ReturnType<typeof claimOpenPlace>>, now: Date) {
  const { invitation, location } = place
  await repository.insertMembership(tx, {
    userId,
    businessId: invitation.businessId,
    role: invitation.role,
    locationIds: [location.id],
    now,
  })
  await repository.recordAcceptedUser(tx, invitation.id, userId)
  await recordAction(tx, {
    actorId: userId,
    action: 'TEAM_JOINED',
    targetType: 'user',
    targetId: userId,
    details: { userId: invitation.businessId, role: invitation.role, locationName: location.name },
  })
}

/**
 * POST /team-invitation/join (docs/decisions/039): an account that already exists joins the team it was invited to,
 * by its own act while signed in as the invited address: the link alone (which anyone holding the mail could open)
 * pulls no account in, and no account joins on another address's invitation. One account joins one business: an
 * account already on a team, a business with locations of its own, or an account holding a plan or trial of its own
 * (it would be paid for and never used) is refused with why. The account's row is locked first, then the invitation
 * is claimed as an acceptance claims it, all in one transaction.
 */
export async function joinWithOwnAccount(ports: Uses<'database' | 'clock'>, userId: string, token: string): Promise<void> {
  const now = ports.clock.now()
  const { invitation } = await openInvitation(ports.database.db, token, now)
  await ports.database.db.transaction(async (tx) => {
    const account = await lockJoiningAccount(tx, userId)
    if (!account || account.email.toLowerCase() !== invitation.email) throw new AppError('FORBIDDEN', TEAM_MESSAGES.otherAccount)
    if (await repository.findMembership(tx, userId)) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyOnTeam)
    if ((await repository.listLocations(tx, userId)).length > 0) throw new AppError('CONFLICT', TEAM_MESSAGES.ownTeam)
    const hasTrial = account.trialEndsAt !== null && account.trialEndsAt.getTime() > now.getTime()
    if (account.subscriptionTier !== 'NONE' || hasTrial) throw new AppError('CONFLICT', TEAM_MESSAGES.ownPlan)
    await join(tx, userId, await claimOpenPlace(tx, digest(token), now), now)
  })
}
