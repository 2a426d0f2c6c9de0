import type { PaidTier, SubscriptionTier } from '@keydesk/contracts/subscription'
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Database, DbExecutor } from '../../../db/database.ts'
import { passwordResetTokens, refreshTokens } from '../../../db/schema/accounts.ts'
import { loginFailures, users } from '../../../db/schema/users.ts'
import { startsWith } from '../../../db/starts-with.ts'
import { twoFactorFlags } from '../profile/security-settings-repository.ts'

export async function findUserByEmail(db: DbExecutor, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user
}

export async function findUserById(db: DbExecutor, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user
}

/** The columns that decide a member's premium access (subscriptions/access.ts), with the account's role. */
export async function findMemberAccess(db: DbExecutor, userId: string) {
  const [member] = await db
    .select({ role: users.role, subscriptionTier: users.subscriptionTier, trialTier: users.trialTier, trialEndsAt: users.trialEndsAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return member
}

/** The user's paid tier, the row locked until the transaction ends so two purchases decide one after the other. */
export async function lockSubscriptionTier(db: DbExecutor, userId: string) {
  const [user] = await db.select({ tier: users.subscriptionTier }).from(users).where(eq(users.id, userId)).for('update')
  return user?.tier
}

export async function findUserEmail(db: DbExecutor, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
  return user?.email
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

export async function insertUser(db: DbExecutor, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning()
  if (!user) throw new Error('user insert returned nothing')
  return user
}

/** Until when sign-ins for this e-mail from this address wait, or undefined when they do not. */
export async function findLoginBlock(db: DbExecutor, email: string, ipAddress: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ blockedUntil: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ipAddress), gt(loginFailures.blockedUntil, now)))
    .limit(1)
  return row?.blockedUntil ?? undefined
}

/**
 * Counts one failure for this e-mail from this address. From the sixth on, that pair waits 2^(n-5) seconds, at most
 * 15 minutes: guessing from one address slows down, the owner signing in from elsewhere never does. A count idle for
 * a day starts again.
 */
export async function recordFailedLogin(db: DbExecutor, email: string, ipAddress: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`
  const count = sql`case when ${loginFailures.updatedAt} < ${at} - interval '1 day' then 1 else ${loginFailures.failedCount} + 1 end`
  await db
    .insert(loginFailures)
    .values({ email, ipAddress, failedCount: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.ipAddress],
      set: {
        failedCount: count,
        blockedUntil: sql`case when ${count} > 5 then ${at} + least(power(2, ${count} - 5), 900) * interval '1 second' else null end`,
        updatedAt: now,
      },
    })
}

export async function clearFailedLogins(db: DbExecutor, email: string, ipAddress?: string) {
  await db
    .delete(loginFailures)
    .where(
      ipAddress === undefined
        ? eq(loginFailures.email, email)
        : and(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ipAddress)),
    )
}

export async function insertRefreshToken(db: DbExecutor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values)
}

export async function findRefreshToken(db: DbExecutor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1).for('update')
  return row
}

/** Marks a token rotated only if nobody rotated it first; answers whether this caller won. */
export async function markRefreshTokenRotated(db: DbExecutor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  return rows.length === 1
}

export async function revokeRefreshFamily(db: DbExecutor, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

export async function revokeAllRefreshTokens(db: DbExecutor, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
}

/** Reset tokens issued to the user since `since`. */
export async function countResetTokensSince(db: DbExecutor, userId: string, since: Date): Promise<number> {
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)))
  return recent?.count ?? 0
}

export async function insertResetToken(db: DbExecutor, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values)
}

/** Uses a reset token once: only an unused token unexpired at `now` is consumed; answers its user or nothing. */
export async function consumeResetToken(db: DbExecutor, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId })
  return row?.userId
}

export async function setPassword(db: DbExecutor, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
}

/** What the super admin's lists show of an admin account. */
const adminAccountColumns = {
  id: users.id,
  fname: users.fname,
  lname: users.lname,
  email: users.email,
  company: users.company,
  adminApprovalNotes: users.adminApprovalNotes,
}

/** Admin accounts of one approval state, oldest first, at most `limit`. */
export function listAdminAccounts(db: DbExecutor, approval: 'PENDING' | 'APPROVED', limit: number) {
  return db
    .select({ ...adminAccountColumns, phone: users.phone })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.adminApproval, approval)))
    .orderBy(asc(users.createdAt))
    .limit(limit)
}

/** Every admin and super admin account, whatever its approval, by name: the people the action log can name as actors. */
export function listBackOfficeAccounts(db: DbExecutor, limit: number) {
  return db
    .select({ id: users.id, fname: users.fname, lname: users.lname, email: users.email })
    .from(users)
    .where(inArray(users.role, ['ADMIN', 'SUPER_ADMIN']))
    .orderBy(asc(users.fname), asc(users.lname), asc(users.id))
    .limit(limit)
}

/** Rejected and revoked admin accounts (super admins included), most recently decided first, one page, optionally searched. */
export function listRejectedAdminAccounts(db: DbExecutor, page: { search?: string; limit: number; offset: number }) {
  return db
    .select({
      ...adminAccountColumns,
      role: users.role,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, ['ADMIN', 'SUPER_ADMIN']),
        eq(users.adminApproval, 'REJECTED'),
        page.search ? userMatches(page.search) : undefined,
      ),
    )
    .orderBy(desc(users.updatedAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset)
}

/** Records a super admin's decision on an admin account; answers false when the id names no admin. */
export async function setAdminApproval(db: DbExecutor, adminId: string, approval: 'APPROVED' | 'REJECTED', notes: string, now: Date) {
  const updated = await db
    .update(users)
    .set({ adminApproval: approval, adminApprovalNotes: notes, updatedAt: now })
    .where(and(eq(users.id, adminId), inArray(users.role, ['ADMIN', 'SUPER_ADMIN'])))
    .returning({ id: users.id })
  return updated.length > 0
}

/**
 * The approved super admins' ids, their rows locked until the transaction ends: two super admins revoking each other
 * at once queue here, so the second sees the first's decision and the last one always stays.
 */
export async function lockApprovedSuperAdminIds(db: DbExecutor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'SUPER_ADMIN'), eq(users.adminApproval, 'APPROVED')))
    .orderBy(asc(users.id))
    .for('update')
  return rows.map((row) => row.id)
}

/** A person by the start of their e-mail, first name, last name, full name, company or (3+ digits) phone. */
function userMatches(term: string): SQL {
  const prefix = startsWith(term.toLowerCase())
  const conditions = [
    sql`lower(${users.email}) like ${prefix}`,
    sql`lower(${users.fname}) like ${prefix}`,
    sql`lower(${users.lname}) like ${prefix}`,
    sql`lower(${users.fname} || ' ' || ${users.lname}) like ${prefix}`,
    sql`lower(${users.company}) like ${prefix}`,
  ]
  const digits = term.replace(/\D/g, '')
  // Phones are typed in many shapes; their digits are compared, and only a few digits or more say it is a phone.
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(term)) {
    conditions.push(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${startsWith(digits)}`)
  }
  return sql`(${sql.join(conditions, sql` or `)})`
}

/**
 * Accounts' e-mail, full name and validation as a derived table for other modules' reads to join by the user id
 * they hold; PostgreSQL inlines it into a join by primary key. `name` tells two joins of it apart (the back office's
 * queue joins the buyer and the admin who started the request).
 */
export const accountNames = (name: string) =>
  new QueryBuilder()
    .select({
      id: users.id,
      email: users.email,
      // Drizzle selects a derived column by its alias alone, so each join's alias carries its name.
      fullName: sql<string>`${users.fname} || ' ' || ${users.lname}`.as(`${name}_full_name`),
      isValidatedUser: users.isValidatedUser,
      isActive: users.isActive,
    })
    .from(users)
    .as(name)

/** The ids of the accounts a search term finds, as a subquery other modules' searches embed (docs/decisions/016). */
export const accountIdsMatching = (term: string): SQL => sql`select ${users.id} from ${users} where ${userMatches(term)}`

/** Business users, newest first, one page (users_created_at_idx), optionally searched (docs/decisions/016). */
export function listBusinessUsers(db: DbExecutor, page: { search?: string; limit: number; offset: number }) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'BASEUSER'), page.search ? userMatches(page.search) : undefined))
    .orderBy(desc(users.createdAt))
    .limit(page.limit)
    .offset(page.offset)
}

/** The account columns an admin may change on a business user. */
export type BusinessUserChange = Partial<typeof users.$inferInsert>

/** Changes a business user; answers false when the id names none (admins and super admins are out of reach). */
export async function updateBusinessUser(db: DbExecutor, userId: string, values: BusinessUserChange, now: Date) {
  const changed = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, 'BASEUSER')))
    .returning({ id: users.id })
  return changed.length > 0
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

/** Moves the account's session version, so access tokens issued before stop working (plugins/auth.ts compares it). */
export async function bumpSessionVersion(db: DbExecutor, userId: string) {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
}

export async function isUserValidated(db: DbExecutor, userId: string): Promise<boolean> {
  const [user] = await db.select({ isValidatedUser: users.isValidatedUser }).from(users).where(eq(users.id, userId))
  return user?.isValidatedUser ?? false
}

export async function updateUserContact(
  db: DbExecutor,
  userId: string,
  values: Partial<Pick<typeof users.$inferInsert, 'fname' | 'lname' | 'phone' | 'company' | 'state'>>,
  now: Date,
) {
  if (Object.keys(values).length === 0) return
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
}

/** Deletes the account's row; answers false when there was none. */
export async function deleteUser(db: DbExecutor, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id })
  return deleted.length > 0
}

/**
 * The account read every signed-in call makes (plugins/auth.ts), built once and prepared (named) on each
 * connection, so PostgreSQL parses and plans it once per connection instead of on every call.
 */
export function prepareAccountRead(db: Database) {
  return db
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
    })
    .from(users)
    .leftJoin(twoFactorFlags, eq(twoFactorFlags.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('principal_read')
}

/** What decides whether the sessions of these accounts still stand (open event streams re-check it). */
export function findSessionStates(db: DbExecutor, accountIds: readonly string[]) {
  return db
    .select({
      id: users.id,
      isActive: users.isActive,
      role: users.role,
      adminApproval: users.adminApproval,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(inArray(users.id, [...accountIds]))
}

/** The contact fields of an account's profile (the rest of the profile is in profile/repository.ts). */
export async function findUserContact(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({ fname: users.fname, lname: users.lname, email: users.email, phone: users.phone, company: users.company, state: users.state })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

/** Whether keycode mails carry the code (the default) or only say it is ready (docs/decisions/013). */
export async function findKeycodesByEmail(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db.select({ keycodesByEmail: users.keycodesByEmail }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.keycodesByEmail ?? true
}

export async function saveKeycodesByEmail(db: DbExecutor, userId: string, keycodesByEmail: boolean, now: Date) {
  await db.update(users).set({ keycodesByEmail, updatedAt: now }).where(eq(users.id, userId))
}

/** Locks these accounts' rows until the transaction ends (in id order, so two lockers never wait on each other). */
export async function lockUsers(db: DbExecutor, userIds: string[]) {
  await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)).orderBy(users.id).for('update')
}

export async function clearSubscriptionTiers(db: DbExecutor, userIds: string[], now: Date) {
  await db.update(users).set({ subscriptionTier: 'NONE', updatedAt: now }).where(inArray(users.id, userIds))
}

/**
 * The e-mail and name of these accounts by id, whether each is active (a revoked member's e-mail is not shown) and
 * validated, and whether its keycode mails carry the code.
 */
export async function findUserNames(db: DbExecutor, userIds: string[], options: { lockForShare?: boolean } = {}) {
  if (userIds.length === 0) return new Map<string, Omit<UserNames, 'id'>>()
  const query = db
    .select({
      id: users.id,
      email: users.email,
      fname: users.fname,
      lname: users.lname,
      isActive: users.isActive,
      isValidatedUser: users.isValidatedUser,
      keycodesByEmail: users.keycodesByEmail,
    })
    .from(users)
    .where(inArray(users.id, userIds))
  // Held until the transaction ends: a revocation or validation waits for a decision made on these rows.
  const rows: UserNames[] = options.lockForShare ? await query.for('share') : await query
  return new Map(rows.map(({ id, ...names }) => [id, names]))
}

interface UserNames {
  id: string
  email: string
  fname: string
  lname: string
  isActive: boolean
  isValidatedUser: boolean
  keycodesByEmail: boolean
}
