import type { SessionEndReason } from '@keydesk/contracts/auth-messages'
import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * Refresh tokens are stored as SHA-256 hashes. Each refresh rotates the token inside its family; presenting a
 * rotated token again means it was stolen, and the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    // The sweep of expired tokens (auth/sign-in-records-sweep.ts).
    index('refresh_tokens_expires_idx').on(table.expiresAt),
  ],
)

/**
 * One row per sign-in, as a device sees it: ending one ends only that device's tokens and streams (decision 022). The
 * row is the session the access and refresh tokens carry (`sid` in the access token; the refresh family is the
 * session id). `last_seen_at` moves at sign-in and at each refresh, not on every call, so no call pays a write;
 * `expires_at` follows the refresh token's lifetime. Ended and expired rows are swept (modules/accounts/sessions).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A short readable label from the User-Agent, "Chrome on Android". */
    device: text('device').notNull(),
    ipAddress: text('ip_address'),
    /** The time zone the browser reported at sign-in: the session's approximate place, shown in the sessions list. */
    timeZone: text('time_zone'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended (SESSION_END_REASONS), so the device's next refresh can say it; null while open. */
    endedReason: text('ended_reason').$type<SessionEndReason>(),
    /** Signed in with a passkey, which verified the user: it counts as the second factor (REQUIRE_ADMIN_2FA). */
    signedInWithPasskey: boolean('signed_in_with_passkey').notNull().default(false),
    /** The passkey that signed it in: removing that passkey ends the session (a rogue passkey's session dies with it). */
    passkeyId: uuid('passkey_id'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // The sweep's condition: the earlier of the end and the expiry (least ignores a null end).
    index('sessions_over_at_idx').using('btree', sql`least(${table.endedAt}, ${table.expiresAt})`),
  ],
)

/** Single-use, hashed, one hour (used_at set once, guarded by the update's WHERE). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId), index('password_reset_tokens_expires_idx').on(table.expiresAt)],
)

/**
 * The code mailed to an admin who enrols a first sign-in factor (decision 025): with the password, it proves the
 * account's own mailbox is at hand, so a stolen password alone enrols nothing. Hashed, 10 minutes, one per account
 * (a new one replaces it), spent on use.
 */
export const enrolmentCodes = pgTable('enrolment_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** Codes a super admin sends to a future admin: hashed, bound to one e-mail, 24 hours, single use. */
export const adminRegistrationCodes = pgTable(
  'admin_registration_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_registration_codes_email_idx').on(table.email)],
)
