import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { files } from './files.ts'
import { supportConversations } from './support.ts'
import { users } from './users.ts'

/** The fields of GET /user/profile (docs/product.md, 'Member area, files, chat and support') that the users table does not hold, and the member's security settings. */
export const memberProfiles = pgTable('member_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address'),
  city: text('city'),
  zipCode: text('zip_code'),
  profilePhotoFileId: uuid('profile_photo_file_id').references(() => files.id, { onDelete: 'set null' }),
  companyLogoFileId: uuid('company_logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /**
   * Read by no code since passkeys decide Fingerprint sign-in (decision 022). Drop it in a later release than the one
   * that stopped reading it: during a rollout, processes of the previous release still select it.
   */
  fingerprintEnabled: boolean('fingerprint_enabled').notNull().default(false),
  /** TOTP secrets, AES-256-GCM sealed (modules/accounts/security/totp-secret-box.ts); pending until a first code confirms it. */
  totpSecretSealed: text('totp_secret_sealed'),
  totpPendingSecretSealed: text('totp_pending_secret_sealed'),
  /** SHA-256 of each unused recovery code; a used code is removed. */
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
  /** The 30-second time step of the last TOTP code accepted; a code of that step or an earlier one is refused. */
  totpLastUsedStep: bigint('totp_last_used_step', { mode: 'number' }),
  /**
   * Wrong second-factor codes at sign-in, counted per account whatever the address (docs/decisions/018): how many
   * since the window started, and until when the account's code step is closed once they reached the limit.
   */
  secondFactorFailures: integer('second_factor_failures').notNull().default(0),
  secondFactorWindowStart: timestamp('second_factor_window_start', { withTimezone: true }),
  secondFactorBlockedUntil: timestamp('second_factor_blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One row per successful sign-in (GET /user/security in docs/product.md, 'Member area, files, chat and support': lastLogin, loginHistory). */
export const loginHistory = pgTable(
  'login_history',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('login_history_user_idx').on(table.userId, table.signedInAt),
    // The analytics retention job's work: sign-ins still holding an address or a browser, oldest first (docs/decisions/030).
    index('login_history_identifying_idx')
      .on(table.signedInAt)
      .where(sql`${table.ipAddress} is not null or ${table.userAgent} is not null`),
  ],
)

/** A notice (docs/product.md, 'Member area, chat and support'): shown on the profile's notices banner; a null user means every member. */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notices_user_created_idx').on(table.userId, table.createdAt)],
)

export const chatSenderEnum = pgEnum('chat_sender', ['USER', 'AGENT'])

/** A chat message (docs/product.md, 'Member area, chat and support'): one conversation per member, answered by any admin. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The member whose chat this is; null in a visitor's support conversation, answered and replied to by mail link. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sender: chatSenderEnum('sender').notNull(),
    /** The admin who answered; kept null when that admin account is gone. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** The support conversation the message belongs to (docs/decisions/034); null for chat written before it. */
    conversationId: uuid('conversation_id').references(() => supportConversations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_user_created_idx').on(table.userId, table.createdAt),
    index('chat_messages_created_idx').on(table.createdAt),
    index('chat_messages_conversation_idx').on(table.conversationId, table.createdAt),
  ],
)
