import { and, asc, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { users } from '../../../db/schema/users.ts'
import { startsWith } from '../../../db/starts-with.ts'

// The users gateway for the back office: the super admin's lists of admin accounts and their approval, the admins' list
// of business users and their changes, account deletion, and the derived tables other modules' searches join.

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
        page.search ? userMatches(personSearchOf(page.search)) : undefined,
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
    .where(and(eq(users.role, 'SUPER_ADMIN'), eq(users.adminApproval, 'APPROVED'), isNull(users.closedAt)))
    .orderBy(asc(users.id))
    .for('update')
  return rows.map((row) => row.id)
}

/**
 * What a person search compares (docs/decisions/016), worked out from the term: the pattern of its lowercase start and,
 * for a term shaped like a phone, of its digits. Values, or a prepared statement's placeholders of the same shape.
 */
export interface PersonSearch<Value = string> {
  prefix: Value
  phoneDigits: Value | null
}

export function personSearchOf(term: string): PersonSearch {
  const digits = term.replace(/\D/g, '')
  // Phones are typed in many shapes; their digits are compared, and only a few digits or more say it is a phone.
  const isPhone = digits.length >= 3 && /^[\d\s()+.-]+$/.test(term)
  return { prefix: startsWith(term.toLowerCase()), phoneDigits: isPhone ? startsWith(digits) : null }
}

/** A person by the start of their e-mail, first name, last name, full name, company or (3+ digits) phone. */
function userMatches(search: PersonSearch<string | Placeholder>): SQL {
  const conditions = [
    sql`lower(${users.email}) like ${search.prefix}`,
    sql`lower(${users.fname}) like ${search.prefix}`,
    sql`lower(${users.lname}) like ${search.prefix}`,
    sql`lower(${users.fname} || ' ' || ${users.lname}) like ${search.prefix}`,
    sql`lower(${users.company}) like ${search.prefix}`,
  ]
  if (search.phoneDigits !== null) conditions.push(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${search.phoneDigits}`)
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
export const accountIdsMatching = (search: PersonSearch<string | Placeholder>): SQL =>
  sql`select ${users.id} from ${users} where ${userMatches(search)}`

/** Business users, newest first, one page (users_created_at_idx), optionally searched (docs/decisions/016). */
export function listBusinessUsers(db: DbExecutor, page: { search?: string; limit: number; offset: number }) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'BASEUSER'), page.search ? userMatches(personSearchOf(page.search)) : undefined))
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

/** Deletes the account's row; answers false when there was none. */
export async function deleteUser(db: DbExecutor, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id })
  return deleted.length > 0
}
