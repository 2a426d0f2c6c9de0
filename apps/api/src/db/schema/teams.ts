import { sql } from 'drizzle-orm'
import { check, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/** What a person invited into an Enterprise business does there (docs/product.md, 'Enterprise teams'). */
export const teamRoleEnum = pgEnum('team_role', ['MANAGER', 'TECHNICIAN'])

/**
 * A shop of an Enterprise business. The business is its owner's account. A removed location keeps its row, so the
 * orders placed for it still name it; nobody is assigned to it or invited to it any more.
 */
export const teamLocations = pgTable(
  'team_locations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    region: text('region').notNull(),
    phone: text('phone').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('team_locations_business_idx').on(table.businessId, table.createdAt)],
)

/**
 * A person on a business's team: one business per account, never the business's own owner. Removing the person
 * deletes the row; the orders they placed keep the business and the location on themselves.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: teamRoleEnum('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('team_members_business_idx').on(table.businessId, table.joinedAt),
    check('team_members_not_own_business', sql`${table.userId} <> ${table.businessId}`),
  ],
)

/** The locations a person works for: a technician's one, a manager's several. */
export const teamMemberLocations = pgTable(
  'team_member_locations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => teamMembers.userId, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => teamLocations.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.locationId] }), index('team_member_locations_location_idx').on(table.locationId)],
)

/**
 * An invitation to join a business at one location: a single-use link mailed to the invitee, kept as the SHA-256 of
 * its token, open until it expires, is withdrawn or is accepted (whichever first; the accept is a conditional write on
 * the still-open row, so two acceptances of one link make one account).
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => teamLocations.id, { onDelete: 'cascade' }),
    role: teamRoleEnum('role').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('team_invitations_token_unique').on(table.tokenHash),
    // The business's pending invitations, newest first.
    index('team_invitations_business_idx').on(table.businessId, table.createdAt),
  ],
)
