import { sql } from 'drizzle-orm'
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * Passkeys (WebAuthn credentials) for "Fingerprint sign-in" (decision 022): discoverable, user-verifying credentials
 * one account registered, each named by its member. The public key is COSE-encoded as the authenticator gave it; the
 * counter is the authenticator's signature counter, which may only move forward.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
)

export const webauthnCeremonyEnum = pgEnum('webauthn_ceremony', ['REGISTRATION', 'AUTHENTICATION'])

/**
 * WebAuthn challenges handed out and not yet answered: each is deleted by the one call that answers it (single use),
 * and refused after `expires_at`. A registration's is bound to the account that asked for it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: webauthnCeremonyEnum('ceremony').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
)
