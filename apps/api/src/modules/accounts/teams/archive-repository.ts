import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { teamLocations, teamMemberLocations, teamMembers } from '../../../db/schema/teams.ts'

/** The locations of the account's own business, removed ones included, for its data archive. */
export function listTeamLocationRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(teamLocations)
    .where(eq(teamLocations.businessId, userId))
    .orderBy(asc(teamLocations.createdAt), asc(teamLocations.id))
}

/** The account's own place on a team, for its data archive: at most one row. */
export function listTeamMembershipRowsForArchive(db: DbExecutor, userId: string) {
  return db.select().from(teamMembers).where(eq(teamMembers.userId, userId))
}

/** The locations the account works for on its team, for its data archive. */
export function listTeamAssignmentRowsForArchive(db: DbExecutor, userId: string) {
  return db.select().from(teamMemberLocations).where(eq(teamMemberLocations.userId, userId)).orderBy(asc(teamMemberLocations.locationId))
}
