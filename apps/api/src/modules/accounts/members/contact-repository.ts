import { eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { memberProfiles } from '../../../db/schema/member.ts'
import { users } from '../../../db/schema/users.ts'

// The users gateway for a member's profile and for naming accounts: contact fields, e-mail, validation, the keycode-mail
// choice, and names by id for the lists and logs of other modules.

export async function findUserEmail(db: DbExecutor, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1)
  return user?.email
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
      isClosed: sql<boolean>`${users.closedAt} is not null`,
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
  /** Closed by its owner or an admin and waiting out its 30 days (docs/decisions/035). */
  isClosed: boolean
}

/** Who bought, as a receipt names them: the business, its contact and its address (the profile's, once saved). */
export async function findReceiptBuyer(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      company: users.company,
      state: users.state,
      address: memberProfiles.address,
      city: memberProfiles.city,
      zipCode: memberProfiles.zipCode,
    })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1)
  return row
}
