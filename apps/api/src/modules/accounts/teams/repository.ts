import type { TeamRole } from '@keydesk/contracts/teams'
import { type AnyColumn, and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { outerColumn } from '../../../db/outer-column.ts'
import { teamInvitations, teamLocations, teamMemberLocations, teamMembers } from '../../../db/schema/teams.ts'
import { accountNames } from '../members/admin-views-repository.ts'
import { businessStandings } from '../members/membership-repository.ts'

// The teams of Enterprise businesses (docs/decisions/039): locations, the people on them and the invitations.

export type LocationRow = typeof teamLocations.$inferSelect

export async function insertLocation(db: DbExecutor, values: typeof teamLocations.$inferInsert): Promise<LocationRow> {
  const [row] = await db.insert(teamLocations).values(values).returning()
  if (!row) throw new Error('location insert returned nothing')
  return row
}

/** The business's locations still open, oldest first; only these ids when `ids` is given. */
export function listLocations(db: DbExecutor, businessId: string, ids?: string[]) {
  return db
    .select()
    .from(teamLocations)
    .where(and(eq(teamLocations.businessId, businessId), isNull(teamLocations.removedAt), ids ? inArray(teamLocations.id, ids) : undefined))
    .orderBy(asc(teamLocations.createdAt), asc(teamLocations.id))
}

/**
 * One open location of the business, its row share-locked until the transaction ends: a removal of the location
 * (which updates the row) waits for the joining or inviting that read it, or makes that read find nothing.
 */
export async function lockOpenLocation(db: DbExecutor, businessId: string, locationId: string) {
  const [row] = await db
    .select()
    .from(teamLocations)
    .where(and(eq(teamLocations.id, locationId), eq(teamLocations.businessId, businessId), isNull(teamLocations.removedAt)))
    .for('share')
  return row
}

/** Closes the location; answers false when it was not an open location of the business. */
export async function markLocationRemoved(db: DbExecutor, businessId: string, locationId: string, now: Date): Promise<boolean> {
  const removed = await db
    .update(teamLocations)
    .set({ removedAt: now })
    .where(and(eq(teamLocations.id, locationId), eq(teamLocations.businessId, businessId), isNull(teamLocations.removedAt)))
    .returning({ id: teamLocations.id })
  return removed.length > 0
}

/** The locations' names by id, removed ones included (an order keeps naming the location it was placed for). */
export async function locationNames(db: DbExecutor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: teamLocations.id, name: teamLocations.name }).from(teamLocations).where(inArray(teamLocations.id, ids))
  return new Map(rows.map((row) => [row.id, row.name]))
}

export interface Membership {
  userId: string
  businessId: string
  role: TeamRole
  joinedAt: Date
  locationIds: string[]
}

/**
 * The team the account is on, with its locations; `lock` share-locks the membership row until the transaction ends,
 * so a removal waits for a decision made on it (or the decision finds no membership).
 */
export async function findMembership(db: DbExecutor, userId: string, options: { lock?: boolean } = {}): Promise<Membership | undefined> {
  const query = db.select(membershipColumns).from(teamMembers).where(eq(teamMembers.userId, userId))
  const [member] = options.lock ? await query.for('share') : await query
  return member
}

// One statement with the locations: findMemberAccess reads the membership on every call that weighs a member's plan.
const membershipColumns = {
  userId: teamMembers.userId,
  businessId: teamMembers.businessId,
  role: teamMembers.role,
  joinedAt: teamMembers.joinedAt,
  // As text[]: both drivers parse it into strings.
  locationIds: sql<string[]>`array(
    select located.location_id::text from ${teamMemberLocations} located where located.user_id = ${outerColumn(teamMembers.userId)}
  )`,
}

const standing = businessStandings('standing_business')

/**
 * The account's membership, if any, and the business it stands in (the team's, else its own account) in one read:
 * findMembership and findBusinessStanding joined, for the callers that lock neither.
 */
export async function findStandingRow(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      membership: membershipColumns,
      business: {
        id: standing.id,
        role: standing.role,
        subscriptionTier: standing.subscriptionTier,
        isActive: standing.isActive,
        isValidatedUser: standing.isValidatedUser,
        isClosed: standing.isClosed,
        company: standing.company,
        fname: standing.fname,
        lname: standing.lname,
      },
    })
    .from(sql`(select ${userId}::uuid as id) as viewer`)
    .leftJoin(teamMembers, sql`${teamMembers.userId} = viewer.id`)
    .leftJoin(standing, sql`${standing.id} = coalesce(${teamMembers.businessId}, viewer.id)`)
  if (!row) return undefined
  // Off any team the joined membership reads as null (its location list as empty).
  const membership = row.membership?.userId ? (row.membership as Membership) : undefined
  return { membership, business: row.business }
}

/** The name of the location an order names in this column (removed ones included), for a list read in one statement. */
export const locationNameOf = (locationId: SQL | AnyColumn) =>
  sql<string | null>`(select named.name from ${teamLocations} named where named.id = ${locationId})`

export async function insertMembership(
  db: DbExecutor,
  values: { userId: string; businessId: string; role: TeamRole; locationIds: string[]; now: Date },
) {
  await db.insert(teamMembers).values({ userId: values.userId, businessId: values.businessId, role: values.role, joinedAt: values.now })
  await db.insert(teamMemberLocations).values(values.locationIds.map((locationId) => ({ userId: values.userId, locationId })))
}

/** Takes the person off the business's team; answers whether they were on it. */
export async function deleteMembership(db: DbExecutor, businessId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.businessId, businessId)))
    .returning({ userId: teamMembers.userId })
  return removed.length > 0
}

/** Who works for this location: each person's id, role and how many locations they hold in all. */
export function listPeopleOfLocation(db: DbExecutor, locationId: string) {
  return db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      locationCount: sql<number>`(select count(*)::int from ${teamMemberLocations} held where held.user_id = ${teamMembers.userId})`,
    })
    .from(teamMembers)
    .innerJoin(teamMemberLocations, eq(teamMemberLocations.userId, teamMembers.userId))
    .where(eq(teamMemberLocations.locationId, locationId))
}

export async function removeLocationAssignments(db: DbExecutor, locationId: string) {
  await db.delete(teamMemberLocations).where(eq(teamMemberLocations.locationId, locationId))
}

/**
 * The business's people with their names and locations, joined first: everyone, or those holding one of
 * `locationIds` (a manager's view).
 */
export async function listPeople(db: DbExecutor, businessId: string, locationIds?: string[]) {
  const person = accountNames('person')
  const rows = await db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      name: person.fullName,
      email: person.email,
      validated: person.isValidatedUser,
      locationId: teamMemberLocations.locationId,
      locationName: teamLocations.name,
    })
    .from(teamMembers)
    .innerJoin(person, eq(person.id, teamMembers.userId))
    .leftJoin(teamMemberLocations, eq(teamMemberLocations.userId, teamMembers.userId))
    .leftJoin(teamLocations, eq(teamLocations.id, teamMemberLocations.locationId))
    .where(eq(teamMembers.businessId, businessId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId), asc(teamLocations.name))
  const people = new Map<
    string,
    {
      id: string
      role: TeamRole
      joinedAt: Date
      name: string
      email: string
      validated: boolean
      locations: { id: string; name: string }[]
    }
  >()
  for (const row of rows) {
    const known = people.get(row.userId) ?? {
      id: row.userId,
      role: row.role,
      joinedAt: row.joinedAt,
      name: row.name,
      email: row.email,
      validated: row.validated,
      locations: [],
    }
    if (row.locationId && row.locationName) known.locations.push({ id: row.locationId, name: row.locationName })
    people.set(row.userId, known)
  }
  const all = [...people.values()]
  return locationIds ? all.filter((one) => one.locations.some((location) => locationIds.includes(location.id))) : all
}

export type InvitationRow = typeof teamInvitations.$inferSelect

export async function insertInvitation(db: DbExecutor, values: typeof teamInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitations).values(values).returning()
  if (!row) throw new Error('invitation insert returned nothing')
  return row
}

const isOpen = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.withdrawnAt), gt(teamInvitations.expiresAt, now))

/** The business's invitations still open (neither used, withdrawn nor expired), newest first. */
export function listOpenInvitations(db: DbExecutor, businessId: string, now: Date) {
  return db
    .select({ invitation: teamInvitations, locationName: teamLocations.name })
    .from(teamInvitations)
    .innerJoin(teamLocations, eq(teamLocations.id, teamInvitations.locationId))
    .where(and(eq(teamInvitations.businessId, businessId), isOpen(now)))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
}

export async function hasOpenInvitation(db: DbExecutor, businessId: string, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.businessId, businessId), eq(teamInvitations.email, email), isOpen(now)))
    .limit(1)
  return row !== undefined
}

export async function findInvitation(db: DbExecutor, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.businessId, businessId)))
    .limit(1)
  return row
}

export async function findInvitationByToken(db: DbExecutor, tokenHash: string) {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).limit(1)
  return row
}

/** Withdraws the invitation if it is still open; answers whether it did. */
export async function withdrawInvitation(db: DbExecutor, id: string, now: Date): Promise<boolean> {
  const done = await db
    .update(teamInvitations)
    .set({ withdrawnAt: now })
    .where(and(eq(teamInvitations.id, id), isOpen(now)))
    .returning({ id: teamInvitations.id })
  return done.length > 0
}

export async function withdrawInvitationsOfLocation(db: DbExecutor, locationId: string, now: Date) {
  await db
    .update(teamInvitations)
    .set({ withdrawnAt: now })
    .where(and(eq(teamInvitations.locationId, locationId), isOpen(now)))
}

/**
 * Uses the invitation if it is still open: one conditional write on its row, so of two acceptances (or an acceptance
 * and a withdrawal) in flight together exactly one wins. Answers the invitation as it was, or undefined.
 */
export async function claimInvitation(db: DbExecutor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(teamInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(teamInvitations.tokenHash, tokenHash), isOpen(now)))
    .returning()
  return row
}

export async function recordAcceptedUser(db: DbExecutor, invitationId: string, userId: string) {
  await db.update(teamInvitations).set({ acceptedUserId: userId }).where(eq(teamInvitations.id, invitationId))
}

/** Gives the person this role and exactly these locations. */
export async function replaceRoleAndLocations(db: DbExecutor, userId: string, role: TeamRole, locationIds: string[]) {
  await db.update(teamMembers).set({ role }).where(eq(teamMembers.userId, userId))
  await db.delete(teamMemberLocations).where(eq(teamMemberLocations.userId, userId))
  await db.insert(teamMemberLocations).values(locationIds.map((locationId) => ({ userId, locationId })))
}
