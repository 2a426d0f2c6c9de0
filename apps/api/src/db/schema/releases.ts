import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { vehicleRequests } from './ordering.ts'
import { transactions } from './payments.ts'

/**
 * One row per released keycode (docs/decisions/013): what the admin knew and confirmed when releasing it, kept
 * as it was then. The buyer's e-mail is read from the account or the transaction at export time, so it follows
 * their anonymisation.
 */
export const keycodeReleases = pgTable(
  'keycode_releases',
  {
    vehicleRequestId: uuid('vehicle_request_id')
      .primaryKey()
      .references(() => vehicleRequests.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** No foreign key, like the action log: the record keeps who released even after that admin is gone. */
    releasedBy: uuid('released_by').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    isGuest: boolean('is_guest').notNull(),
    accountValidated: boolean('account_validated').notNull(),
    /** The requester's documents at release time, e.g. "FRONT_ID (approved); COI (pending)". */
    documentsOnFile: text('documents_on_file').notNull(),
    identityChecked: boolean('identity_checked').notNull().default(false),
    overrideReason: text('override_reason'),
    /** How the code reached the buyer: account, email, guest-link (added on the link's first use). */
    channels: text('channels').array().notNull(),
  },
  (table) => [index('keycode_releases_released_idx').on(table.releasedAt, table.vehicleRequestId)],
)

/**
 * A guest's link to one order (docs/decisions/013): the token itself is only in the e-mail; its SHA-256 is kept.
 * It shows that order's status and keycode until it expires, and signs nobody in.
 */
export const orderLinks = pgTable(
  'order_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    vehicleRequestId: uuid('vehicle_request_id')
      .notNull()
      .references(() => vehicleRequests.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_links_request_idx').on(table.vehicleRequestId), index('order_links_expires_idx').on(table.expiresAt)],
)
