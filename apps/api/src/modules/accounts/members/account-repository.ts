import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { withRowsMappedOnce } from '../../../db/prepared-statements.ts'
import { users } from '../../../db/schema/users.ts'
import type { Database } from '../../../ports.ts'
import { openSessions } from '../sessions/repository.ts'
import { twoFactorFlags } from './security-settings-repository.ts'

// The users gateway for signing in and sessions: an account by e-mail or id, its creation, its password, its session
// version, and the principal read every authenticated call makes (account-reader.ts). Profiles and plans read the same
// rows through contact-repository.ts and membership-repository.ts, the back office through admin-views-repository.ts.

export async function findUserByEmail(db: DbExecutor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user
}

export async function findUserById(db: DbExecutor, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user
}

export async function insertUser(db: DbExecutor, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning()
  if (!user) throw new Error('user insert returned nothing')
  return user
}

export async function setPassword(db: DbExecutor, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
}

export async function anySuperAdminExists(db: DbExecutor): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'SUPER_ADMIN')).limit(1)
  return existing !== undefined
}

/** Inserts the user unless an account holds the e-mail; answers whether it did. */
export async function insertUserUnlessEmailTaken(db: DbExecutor, values: typeof users.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning({ id: users.id })
  return inserted.length > 0
}

export async function findPasswordHash(db: DbExecutor, userId: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.passwordHash
}

/** Moves the account's session version, so access tokens issued before stop working (plugins/app/auth.ts compares it). */
export async function bumpSessionVersion(db: DbExecutor, userId: string) {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
}

/**
 * The account read every signed-in call makes (plugins/app/auth.ts), built once and prepared (named) on each
 * connection, so PostgreSQL parses and plans it once per connection instead of on every call. It starts from the
 * token's session and finds nothing once that session ended (decision 022), so the check costs no query of its own.
 */
export function prepareAccountRead(db: Database) {
  const read = db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      fname: users.fname,
      lname: users.lname,
      isActive: users.isActive,
      isValidatedUser: users.isValidatedUser,
      adminApproval: users.adminApproval,
      twoFactorEnabled: twoFactorFlags.twoFactorEnabled,
      sessionVersion: users.sessionVersion,
      sessionId: openSessions.id,
      signedInWithPasskey: openSessions.signedInWithPasskey,
    })
    .from(openSessions)
    .innerJoin(users, eq(users.id, openSessions.userId))
    .leftJoin(twoFactorFlags, eq(twoFactorFlags.userId, users.id))
    .where(and(eq(openSessions.id, sql.placeholder('sessionId')), eq(users.id, sql.placeholder('id'))))
    .limit(1)
  return withRowsMappedOnce(read.prepare('principal_read'))
}

/**
 * What decides whether these sessions still stand (open event streams re-check it): each open one with its account's
 * state; an ended session, or one whose account is gone, has no row.
 */
export function findSessionStates(db: DbExecutor, sessionIds: readonly string[]) {
  return db
    .select({
      sessionId: openSessions.id,
      isActive: users.isActive,
      role: users.role,
      adminApproval: users.adminApproval,
      sessionVersion: users.sessionVersion,
    })
    .from(openSessions)
    .innerJoin(users, eq(users.id, openSessions.userId))
    .where(inArray(openSessions.id, [...sessionIds]))
}
