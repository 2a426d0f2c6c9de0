import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * Every stored upload. The bytes live in the storage port under `storage_key`; this row says who owns
 * them. A guest upload has no owner user and is tied to its guest through `guest_id`.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    guestId: uuid('guest_id'),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** What the file is, e.g. FRONT_ID, BACK_ID, BUSINESS_DOCUMENT, COI, REGISTRATION, LICENSE_FRONT. */
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The address a guest's upload came from: guests' storage is counted per address (platform/files/storage-share.ts). */
    uploaderAddress: text('uploader_address'),
  },
  (table) => [
    index('files_owner_idx').on(table.ownerUserId, table.createdAt),
    index('files_guest_idx').on(table.guestId),
    // The guests' shares: per address and in all, over the last day.
    index('files_guest_address_idx').on(table.uploaderAddress, table.createdAt).where(sql`${table.guestId} is not null`),
    index('files_guest_created_idx').on(table.createdAt).where(sql`${table.guestId} is not null`),
  ],
)
