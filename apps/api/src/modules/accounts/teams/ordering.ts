import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import { TEAM_MESSAGES, TEAM_PLAN_TIER } from '@keydesk/contracts/teams'
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { teamMemberLocations, teamMembers } from '../../../db/schema/teams.ts'
import { AppError } from '../../../errors.ts'
import { findBusinessNameRows, findBusinessStanding, findOwnPlanColumns } from '../members/membership-repository.ts'
import { actsFor, businessName, findBusiness, findStanding } from './business.ts'
import { findMembership, listLocations, locationNameOf, locationNames } from './repository.ts'

export { locationNameOf }

/**
 * What decides a member's plan everywhere the plan matters (prices, turnaround, bulk's rows, chat, support: the
 * ordering context's findMemberHolding reads it through the accounts surface, and every other reader goes there): the account's own plan and trial, except for a person on
 * an Enterprise team, who holds the business's Enterprise plan while it runs and nothing of their own
 * (docs/decisions/039). The business's plan is read afresh each time, so its end reaches the whole team at once.
 */
export async function findMemberAccess(db: DbExecutor, userId: string) {
  const own = await findOwnPlanColumns(db, userId)
  if (!own) return own
  const membership = await findMembership(db, userId)
  if (!membership) return own
  const business = await findBusiness(db, membership.businessId)
  const tier: SubscriptionTier = business?.enterpriseActive ? TEAM_PLAN_TIER : 'NONE'
  return { ...own, subscriptionTier: tier, trialTier: null, trialEndsAt: null }
}

/** Whether the account is a person on a business's team (who buys no plan or trial of their own). */
export async function isOnTeam(db: DbExecutor, userId: string): Promise<boolean> {
  return (await findMembership(db, userId)) !== undefined
}

/** Where a new order goes: the business and the location it is placed for, or nowhere for an order of one's own. */
export interface OrderPlace {
  businessId: string | null
  locationId: string | null
}

/**
 * The place of an order the account makes now (docs/decisions/039). A person on a team orders for the business at
 * their location (a manager of several names one; `locationId` is optional for everyone else); the owner of an active
 * Enterprise business orders for it, at a location when named. A person whose business left Enterprise orders nothing.
 */
export async function orderPlaceFor(db: DbExecutor, userId: string, locationId?: string | null): Promise<OrderPlace> {
  const standing = await findStanding(db, userId)
  if (!standing || (standing.position === 'OWNER' && !standing.business.enterpriseActive)) {
    if (locationId) throw new AppError('NOT_FOUND', TEAM_MESSAGES.locationUnknown)
    return { businessId: null, locationId: null }
  }
  if (!standing.business.enterpriseActive) throw new AppError('FORBIDDEN', TEAM_MESSAGES.notEnterprise)
  const open = await listLocations(db, standing.business.id, standing.locationIds ?? undefined)
  if (locationId) {
    if (!open.some((location) => location.id === locationId)) throw new AppError('NOT_FOUND', TEAM_MESSAGES.locationUnknown)
    return { businessId: standing.business.id, locationId }
  }
  if (standing.position === 'OWNER') return { businessId: standing.business.id, locationId: null }
  const [only, ...more] = open
  if (!only || more.length > 0) {
    throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.chooseLocation, [{ field: 'locationId', message: TEAM_MESSAGES.chooseLocation }])
  }
  return { businessId: standing.business.id, locationId: only.id }
}

/**
 * Whether the account may still pay for orders placed for these places: each one its own, or of the business it now
 * stands in on an active Enterprise plan and at a location it acts for. Checked again at checkout, so a person who
 * left the team, or whose business left Enterprise, pays for nothing of the business's.
 */
export async function assertMayOrderFor(db: DbExecutor, userId: string, places: OrderPlace[]): Promise<void> {
  const business = places.filter((place) => place.businessId !== null)
  if (business.length === 0) return
  const standing = await findStanding(db, userId)
  for (const place of business) {
    if (!standing || standing.business.id !== place.businessId) throw new AppError('FORBIDDEN', TEAM_MESSAGES.leftTeam)
    if (!standing.business.enterpriseActive) throw new AppError('FORBIDDEN', TEAM_MESSAGES.notEnterprise)
    if (place.locationId !== null && !actsFor(standing, place.locationId)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.leftTeam)
  }
}

/** The columns of an order the access rule reads, as the owning module's SQL names them. */
export interface OrderColumns {
  buyer: AnyColumn | SQL
  business: AnyColumn | SQL
  location: AnyColumn | SQL
}

/**
 * THE rule of who may see or act on an order as a member (docs/decisions/039), as a SQL condition the module owning
 * the orders embeds in its own query, so a single order and a whole list are decided alike and by index: the buyer
 * of an order of their own; for a business's order, the owner, a manager of the order's location, and the buyer while
 * still on that business's team. The back office reaches every order through its own routes. `userId` may be a
 * column or expression as well, so the same text also picks who, among several accounts, reaches one order.
 */
export function orderReachableBy(userId: string | Placeholder | SQL, order: OrderColumns): SQL {
  return sql`(
    (${order.business} is null and ${order.buyer} = ${userId})
    or ${order.business} = ${userId}
    or exists (
      select 1 from ${teamMembers} reach
      where reach.user_id = ${userId} and reach.business_id = ${order.business}
        and (${order.buyer} = ${userId} or (reach.role = 'MANAGER' and exists (
          select 1 from ${teamMemberLocations} reach_at where reach_at.user_id = ${userId} and reach_at.location_id = ${order.location}
        )))
    )
  )`
}

/** Where the account stands in a business, for the business's order list: null off any team. */
export interface TeamScope {
  businessId: string
  position: 'OWNER' | 'MANAGER' | 'TECHNICIAN'
  /** The locations a person acts for; null for the owner. */
  locationIds: string[] | null
}

/**
 * The business whose orders the account may list: the one they are on the team of, or their own once it has had a
 * team (an owner whose plan ended keeps reading the history). Which of its orders they see is the access rule's.
 */
export async function findTeamScope(db: DbExecutor, userId: string): Promise<TeamScope | null> {
  const standing = await findStanding(db, userId)
  if (!standing) return null
  if (standing.position === 'OWNER' && !standing.business.enterpriseActive) {
    const locations = await listLocations(db, standing.business.id)
    if (locations.length === 0) return null
  }
  return { businessId: standing.business.id, position: standing.position, locationIds: standing.locationIds }
}

/** The names of these locations by id, removed ones included (an order keeps naming its location). */
export const findLocationNames = (db: DbExecutor, ids: string[]) => locationNames(db, ids)

/**
 * What the release gate weighs of the business an order was placed for (docs/decisions/039): whether its account can
 * still sign in and whether an admin validated it. Its row is share-locked until the release commits, so a
 * revocation of the business cannot slip between the gate and the release. A business purged since reads as revoked.
 */
export async function findBusinessForRelease(db: DbExecutor, businessId: string) {
  const row = await findBusinessStanding(db, businessId, { lock: true })
  if (!row) return { active: false, validated: false }
  return { active: row.isActive && !row.isClosed, validated: row.isValidatedUser }
}

/** The names of these businesses by id, in one read (a receipt and the back office name the business beside the person). */
export async function findBusinessNames(db: DbExecutor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await findBusinessNameRows(db, [...new Set(ids)])
  return new Map(rows.map((row) => [row.id, businessName(row)]))
}

/**
 * The back office's view of these businesses, in one read: the name and what the release gate weighs (whether each
 * can still sign in, whether an admin validated it), so the queue shows the business beside the person.
 */
export async function findBusinessSummaries(db: DbExecutor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; active: boolean; validated: boolean }>()
  const rows = await findBusinessNameRows(db, [...new Set(ids)])
  return new Map(
    rows.map((row) => [row.id, { name: businessName(row), active: row.isActive && !row.isClosed, validated: row.isValidatedUser }]),
  )
}
