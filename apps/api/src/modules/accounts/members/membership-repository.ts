import type { PaidTier, SubscriptionTier } from '@keydesk/contracts/subscription'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { users } from '../../../db/schema/users.ts'

// The users gateway for plans: the tier and trial columns premium access is decided on, read, locked and set by the
// ordering context (subscriptions, cart, payments).

/**
 * The account's own plan and trial columns, with its role, before the team rule (teams/ordering.ts, findMemberAccess)
 * gives a person on a team the business's plan instead.
 */
export async function findOwnPlanColumns(db: DbExecutor, userId: string) {
  const [member] = await db
    .select({ role: users.role, subscriptionTier: users.subscriptionTier, trialTier: users.trialTier, trialEndsAt: users.trialEndsAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return member
}

/**
 * What decides whether an existing account may join a team (docs/decisions/039): its address, role and own plan,
 * the row locked until the transaction ends so a plan bought meanwhile waits for the joining or is decided after it.
 */
export async function lockJoiningAccount(db: DbExecutor, userId: string) {
  const [account] = await db
    .select({
      email: users.email,
      role: users.role,
      subscriptionTier: users.subscriptionTier,
      trialEndsAt: users.trialEndsAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return account
}

/** The user's paid tier, the row locked until the transaction ends so two purchases decide one after the other. */
export async function lockSubscriptionTier(db: DbExecutor, userId: string) {
  const [user] = await db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId)).for('update')
  return user?.tier
}

export async function setSubscriptionTier(db: DbExecutor, userId: string, tier: SubscriptionTier, now: Date) {
  await db.update(users).set({ subscriptionTier: tier, updatedAt: now }).where(eq(users.id, userId))
}

/** Starts the trial only for a member who never had one and pays for nothing; answers whether it started. */
export async function startTrialOnce(db: DbExecutor, userId: string, tier: PaidTier, endsAt: Date, now: Date): Promise<boolean> {
  const [started] = await db
    .update(users)
    .set({ trialEndsAt: endsAt, trialTier: tier, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.trialEndsAt), eq(users.subscriptionTier, 'NONE')))
    .returning({ id: users.id })
  return started !== undefined
}

/** Locks these accounts' rows until the transaction ends (in id order, so two lockers never wait on each other). */
export async function lockUsers(db: DbExecutor, userIds: string[]) {
  await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)).orderBy(users.id).for('update')
}

export async function clearSubscriptionTiers(db: DbExecutor, userIds: string[], now: Date) {
  await db.update(users).set({ subscriptionTier: 'NONE', updatedAt: now }).where(inArray(users.id, userIds))
}

/**
 * What makes an account an Enterprise business that may grow a team (docs/decisions/039): its plan, whether an admin
 * validated it, whether it can still sign in, and the name its team sees. `lock` share-locks the row until the
 * transaction ends, so a plan ending or a revocation waits for a team change decided on it.
 */
export async function findBusinessStanding(db: DbExecutor, userId: string, options: { lock?: boolean } = {}) {
  const query = db.select(businessStandingColumns()).from(users).where(eq(users.id, userId))
  const [row] = options.lock ? await query.for('share') : await query
  return row
}

/** The columns of findBusinessStanding. */
export const businessStandingColumns = () => ({
  id: users.id,
  role: users.role,
  subscriptionTier: users.subscriptionTier,
  isActive: users.isActive,
  isValidatedUser: users.isValidatedUser,
  isClosed: sql<boolean>`${users.closedAt} is not null`.as('is_closed'),
  company: users.company,
  fname: users.fname,
  lname: users.lname,
})

/**
 * The names a business is known by (its company, else its owner's name: teams chooses) and its standing, for these
 * accounts at once: whether each can still sign in and whether an admin validated it.
 */
export function findBusinessNameRows(db: DbExecutor, userIds: string[]) {
  return db
    .select({
      id: users.id,
      company: users.company,
      fname: users.fname,
      lname: users.lname,
      isActive: users.isActive,
      isValidatedUser: users.isValidatedUser,
      isClosed: sql<boolean>`${users.closedAt} is not null`,
    })
    .from(users)
    .where(inArray(users.id, userIds))
}

/** findBusinessStanding's row of every account, as a subquery another read joins (teams, to a membership). */
export const businessStandings = (name: string) => new QueryBuilder().select(businessStandingColumns()).from(users).as(name)
