import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const roleEnum = pgEnum('role', ['BASEUSER', 'ADMIN', 'SUPER_ADMIN'])
export const adminApprovalEnum = pgEnum('admin_approval', ['PENDING', 'APPROVED', 'REJECTED'])
export const subscriptionTierEnum = pgEnum('subscription_tier', ['NONE', 'BASIC', 'PROFESSIONAL', 'ENTERPRISE'])
export const billingPeriodEnum = pgEnum('billing_period', ['MONTHLY', 'ANNUAL'])

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    phone: text('phone'),
    company: text('company'),
    state: text('state'),
    role: roleEnum('role').notNull().default('BASEUSER'),
    isActive: boolean('is_active').notNull().default(true),
    isValidatedUser: boolean('is_validated_user').notNull().default(false),
    /** Only for ADMIN and SUPER_ADMIN accounts; null for business users. */
    adminApproval: adminApprovalEnum('admin_approval'),
    adminApprovalNotes: text('admin_approval_notes'),
    adminNotes: text('admin_notes'),
    subscriptionTier: subscriptionTierEnum('subscription_tier').notNull().default('NONE'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** The tier a trial grants (docs/product.md, 'Plans, trial, the premium rule and turnaround promises': starting a trial takes a tier, default BASIC); one trial per account. */
    trialTier: subscriptionTierEnum('trial_tier'),
    /**
     * Raised whenever every session of the account must end (logout, new password, revocation); access tokens
     * carry the value they were signed with and stop working once it moves (plugins/app/auth.ts).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** A member may choose to receive keycodes in the account only; by default the keycode mail carries the code. */
    keycodesByEmail: boolean('keycodes_by_email').notNull().default(true),
    /**
     * When the account was closed (by its owner or an admin, docs/decisions/035): it signs nothing in and orders nothing,
     * keeps its e-mail address, and is purged 30 days later unless restored before.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The SHA-256 of the restore link mailed at closing; cleared when used, gone with the account at the purge. */
    restoreTokenHash: text('restore_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_role_approval_idx').on(table.role, table.adminApproval),
    index('users_created_at_idx').on(table.createdAt),
    // Admin search (docs/decisions/016): the start of an e-mail, a first or last name, a full name, a phone, a company.
    index('users_email_prefix_idx').using('btree', sql`lower(${table.email}) text_pattern_ops`),
    index('users_fname_prefix_idx').using('btree', sql`lower(${table.fname}) text_pattern_ops`),
    index('users_lname_prefix_idx').using('btree', sql`lower(${table.lname}) text_pattern_ops`),
    index('users_full_name_prefix_idx').using('btree', sql`lower(${table.fname} || ' ' || ${table.lname}) text_pattern_ops`),
    index('users_phone_digits_prefix_idx').using('btree', sql`regexp_replace(${table.phone}, '[^0-9]', '', 'g') text_pattern_ops`),
    index('users_company_prefix_idx').using('btree', sql`lower(${table.company}) text_pattern_ops`),
    // The account purge finds closed accounts past their 30 days here (docs/decisions/035).
    index('users_closed_idx').on(table.closedAt).where(sql`${table.closedAt} is not null`),
    uniqueIndex('users_restore_token_unique').on(table.restoreTokenHash).where(sql`${table.restoreTokenHash} is not null`),
  ],
)

/**
 * Failed sign-ins counted per e-mail and client address together, so guessing from one address slows only that
 * address down, never the account's owner elsewhere. Keyed by the e-mail as typed (lower-cased), not by the account,
 * so an unknown e-mail is counted and answered exactly like a known one.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.ipAddress] }), index('login_failures_updated_idx').on(table.updatedAt)],
)
