import { TEAM_MESSAGES, TEAM_PLAN_TIER, type TeamPosition } from '@keydesk/contracts/teams'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { findBusinessStanding } from '../members/membership-repository.ts'
import { findMembership, findStandingRow, type Membership } from './repository.ts'

/** An Enterprise business as its team sees it (docs/decisions/039). */
export interface Business {
  id: string
  name: string
  /** Holds the Enterprise plan, is validated and can sign in: only then does its team order, invite or join. */
  enterpriseActive: boolean
}

/** The name the team and the back office know the business by: its company, else its owner's name. */
export const businessName = (row: { company: string | null; fname: string; lname: string }) =>
  row.company?.trim() || `${row.fname} ${row.lname}`

type BusinessRow = Awaited<ReturnType<typeof findBusinessStanding>>

/** The business of an account row, or undefined for an account that could never own one (an admin's, a removed one). */
function businessOf(row: BusinessRow | null): Business | undefined {
  if (row?.role !== 'BASEUSER') return undefined
  return {
    id: row.id,
    name: businessName(row),
    enterpriseActive: row.subscriptionTier === TEAM_PLAN_TIER && row.isValidatedUser && row.isActive && !row.isClosed,
  }
}

/** The business an account owns, or undefined for an account that could never own one (an admin's, a removed one). */
export async function findBusiness(db: DbExecutor, ownerId: string, options: { lock?: boolean } = {}): Promise<Business | undefined> {
  return businessOf(await findBusinessStanding(db, ownerId, options))
}

/** Where the account stands: a person on a business's team, or the owner of its own account's business. */
export interface Standing {
  business: Business
  position: TeamPosition
  /** The locations the person acts for; null for the owner, who acts for all of them. */
  locationIds: string[] | null
  membership: Membership | undefined
}

/**
 * The account's place in a business. A person on a team stands in that business; anyone else stands as the owner of
 * their own account's business, which may hold no plan at all (the callers decide what that allows). `lock` holds the
 * membership and the business's rows until the transaction ends, so a removal or the plan's end waits for a decision
 * taken on them.
 */
export async function findStanding(db: DbExecutor, userId: string, options: { lock?: boolean } = {}): Promise<Standing | undefined> {
  const { membership, business } = await readStanding(db, userId, options.lock ?? false)
  if (!business) return undefined
  if (membership) return { business, position: membership.role, locationIds: membership.locationIds, membership }
  return { business, position: 'OWNER', locationIds: null, membership: undefined }
}

/**
 * Unlocked, the membership and the business in one read (every order's place and the owner's list ask); locked, each
 * row under its own share lock, which PostgreSQL does not take through an outer join.
 */
async function readStanding(db: DbExecutor, userId: string, lock: boolean) {
  if (!lock) {
    const row = await findStandingRow(db, userId)
    return { membership: row?.membership, business: businessOf(row?.business ?? null) }
  }
  const membership = await findMembership(db, userId, { lock })
  return { membership, business: businessOf(await findBusinessStanding(db, membership?.businessId ?? userId, { lock })) }
}

/**
 * Who may grow the team (create locations, invite): the owner or a manager of a business on an active Enterprise plan.
 * Anyone else is refused with why.
 */
export async function requireTeamManager(db: DbExecutor, userId: string): Promise<Standing & { position: 'OWNER' | 'MANAGER' }> {
  const standing = await findStanding(db, userId, { lock: true })
  if (!standing) throw new AppError('FORBIDDEN', TEAM_MESSAGES.ownerOnly)
  if (standing.position === 'TECHNICIAN') throw new AppError('FORBIDDEN', TEAM_MESSAGES.notOnTeam)
  if (!standing.business.enterpriseActive) {
    throw new AppError('FORBIDDEN', standing.position === 'OWNER' ? TEAM_MESSAGES.ownerOnly : TEAM_MESSAGES.notEnterprise)
  }
  return { ...standing, position: standing.position }
}

/** Whether a standing acts for this location: the owner for every one, a person for theirs. */
export const actsFor = (standing: Pick<Standing, 'locationIds'>, locationId: string) =>
  standing.locationIds === null || standing.locationIds.includes(locationId)
