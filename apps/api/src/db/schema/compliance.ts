import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { files } from './files.ts'
import { users } from './users.ts'

/** A compliance document (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Credentials): a user's uploaded document, pending (verified null) until an admin reviews it. */
export const complianceDocuments = pgTable(
  'compliance_documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** FRONT_ID, BACK_ID, BUSINESS_DOCUMENT, COI, INSURANCE, BUSINESS_LICENSE, DRIVERS_LICENSE_FRONT, … */
    docType: text('doc_type').notNull(),
    verified: boolean('verified'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    reviewNotes: text('review_notes'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [index('compliance_documents_user_idx').on(table.userId, table.uploadedAt)],
)
