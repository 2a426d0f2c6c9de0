import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { files } from './files.ts'
import { teamLocations } from './teams.ts'
import { billingPeriodEnum, subscriptionTierEnum, users } from './users.ts'

/** The ordering catalogue (docs/product.md, 'Catalogue and VIN' and 'Prices'), in cents. */
export const vehicleMakes = pgTable('vehicle_makes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: text('category').notNull(),
  basePriceCents: integer('base_price_cents').notNull(),
  /** 0 means "Ask for pricing" (docs/product.md, 'Prices': Mitsubishi). */
  memberPriceCents: integer('member_price_cents').notNull(),
  requiresPin: boolean('requires_pin').notNull().default(false),
  pricingNote: text('pricing_note'),
})

export const vehicleModels = pgTable(
  'vehicle_models',
  {
    id: serial('id').primaryKey(),
    makeId: integer('make_id')
      .notNull()
      .references(() => vehicleMakes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    years: integer('years').array().notNull(),
  },
  (table) => [unique('vehicle_models_make_name_unique').on(table.makeId, table.name)],
)

/** A visitor ordering without an account (docs/product.md, 'Guests'); their data expires after 24 hours unless paid. */
export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('guests_expires_at_idx').on(table.expiresAt)],
)

/** REFUNDED: a paid order ended without a keycode and its line paid back (docs/decisions/026). */
export const requestStatusEnum = pgEnum('request_status', ['PENDING', 'INPROGRESS', 'FULFILLED', 'REFUNDED'])
export const servicePlanEnum = pgEnum('service_plan', ['ENTERPRISE', 'PROFESSIONAL', 'TRIAL', 'BASIC', 'NONE'])

/**
 * A bulk order's batch (docs/product.md, 'Bulk ordering'): its requests point to it. How far it is, and how many
 * requests it holds now (an unpaid one may be taken out of the cart), are counted from them.
 */
export const requestBatches = pgTable(
  'request_batches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** What the member, the checkout, the mails and the admin queue call it: 'B-' and six characters. */
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('request_batches_user_idx').on(table.userId, table.createdAt)],
)

export const vehicleRequests = pgTable(
  'vehicle_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    makeId: integer('make_id')
      .notNull()
      .references(() => vehicleMakes.id),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    vin: text('vin').notNull(),
    status: requestStatusEnum('status').notNull().default('PENDING'),
    /** Non-member price when the request was made; what the customer pays is fixed at checkout. */
    priceCents: integer('price_cents').notNull(),
    frontIdFileId: uuid('front_id_file_id').references(() => files.id),
    backIdFileId: uuid('back_id_file_id').references(() => files.id),
    registrationFileId: uuid('registration_file_id').references(() => files.id),
    licenseFrontFileId: uuid('license_front_file_id').references(() => files.id),
    licenseBackFileId: uuid('license_back_file_id').references(() => files.id),
    /**
     * Proof of ownership (docs/decisions/041): what the `registration` photo is (registration, title or insurance), the
     * vehicle owner's name on a member's order (the customer authorisation), and the plate and odometer photos.
     */
    ownershipDocument: text('ownership_document').$type<'REGISTRATION' | 'TITLE' | 'INSURANCE'>(),
    ownerName: text('owner_name'),
    platePhotoFileId: uuid('plate_photo_file_id').references(() => files.id),
    odometerPhotoFileId: uuid('odometer_photo_file_id').references(() => files.id),
    /** Set when payment is confirmed; admins only see paid requests. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What this request's checkout line charged, recorded with paid_at; the vehicle is frozen from then on. */
    paidPriceCents: integer('paid_price_cents'),
    /** The plan the buyer held when paying and the deadline it promises (docs/decisions/016); fixed with paid_at. */
    servicePlan: servicePlanEnum('service_plan'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** AES-256-GCM ciphertexts (docs/architecture.md, 'Data': keycodes and PINs are encrypted at rest). */
    keycodeEncrypted: text('keycode_encrypted'),
    pincodeEncrypted: text('pincode_encrypted'),
    /** The key type given with the code (docs/decisions/031): the blank to cut and the transponder or chip, when the portal said. */
    keyBlank: text('key_blank'),
    transponder: text('transponder'),
    startedBy: uuid('started_by').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }),
    fulfilledBy: uuid('fulfilled_by').references(() => users.id),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /**
     * Set while a refund of this order is at the payment provider, and kept once it is paid: a held order cannot be
     * started or released, the same row's conditional write deciding which of a release and a refund wins
     * (docs/decisions/026). Cleared when the provider refuses, so the order goes back to work.
     */
    refundHeldAt: timestamp('refund_held_at', { withTimezone: true }),
    /** The bulk order's batch, the request's place in it (from 1) and the shop's own reference for the vehicle. */
    batchId: uuid('batch_id').references(() => requestBatches.id, { onDelete: 'set null' }),
    batchPosition: integer('batch_position'),
    reference: text('reference'),
    /**
     * The Enterprise business the order was placed for and its location (docs/decisions/039), fixed when the request
     * is made: the order stays the business's after its buyer leaves the team. Null for anyone ordering for themselves.
     */
    businessId: uuid('business_id').references(() => users.id, { onDelete: 'set null' }),
    locationId: uuid('location_id').references(() => teamLocations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vehicle_requests_owner_check', sql`${table.userId} is not null or ${table.guestId} is not null or ${table.paidAt} is not null`),
    index('vehicle_requests_user_status_idx').on(table.userId, table.status, table.createdAt),
    index('vehicle_requests_guest_idx').on(table.guestId),
    // The sweep of members' unpaid requests left untouched past their keeping time (modules/requests/unpaid-sweep.ts).
    index('vehicle_requests_unpaid_idx').on(table.updatedAt).where(sql`${table.paidAt} is null and ${table.userId} is not null`),
    // The admin queues: one status, earliest deadline first (docs/decisions/016).
    index('vehicle_requests_queue_idx').on(table.status, table.dueAt, table.id).where(sql`${table.paidAt} is not null`),
    index('vehicle_requests_vin_idx').on(table.vin),
    // The release form's suggestions: the key blanks given before for the same make, model and year.
    index('vehicle_requests_key_blank_idx').on(table.makeId, table.model, table.year).where(sql`${table.keyBlank} is not null`),
    // The business's orders, newest first, whole or by location (the team's order list and its monthly spend).
    index('vehicle_requests_business_idx').on(table.businessId, table.createdAt, table.id).where(sql`${table.businessId} is not null`),
    index('vehicle_requests_location_idx').on(table.locationId, table.createdAt, table.id).where(sql`${table.locationId} is not null`),
    index('vehicle_requests_batch_idx').on(table.batchId, table.batchPosition).where(sql`${table.batchId} is not null`),
    // Queue search by the start or the end of a VIN (LIKE 'x%' needs the pattern operator class).
    index('vehicle_requests_vin_prefix_idx').using('btree', sql`${table.vin} text_pattern_ops`),
    index('vehicle_requests_vin_suffix_idx').using('btree', sql`reverse(${table.vin}) text_pattern_ops`),
  ],
)

/** One cart per user or per guest (docs/product.md, 'Cart'). */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('carts_user_unique').on(table.userId),
    uniqueIndex('carts_guest_unique').on(table.guestId),
    check('carts_owner_check', sql`(${table.userId} is null) <> (${table.guestId} is null)`),
  ],
)

export const cartItemKindEnum = pgEnum('cart_item_kind', ['KEYCODE', 'SUBSCRIPTION'])

/** A keycode request or a subscription waiting to be paid (docs/product.md, 'Cart'). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    kind: cartItemKindEnum('kind').notNull(),
    vehicleRequestId: uuid('vehicle_request_id').references(() => vehicleRequests.id, { onDelete: 'cascade' }),
    subscriptionTier: subscriptionTierEnum('subscription_tier'),
    billing: billingPeriodEnum('billing').notNull().default('MONTHLY'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cart_items_cart_idx').on(table.cartId, table.createdAt),
    uniqueIndex('cart_items_vehicle_request_unique').on(table.vehicleRequestId),
    check(
      'cart_items_kind_check',
      sql`(${table.kind} = 'KEYCODE' and ${table.vehicleRequestId} is not null) or (${table.kind} = 'SUBSCRIPTION' and ${table.subscriptionTier} is not null)`,
    ),
  ],
)

/**
 * The job a member's keycode request is for (docs/decisions/036): the customer, the job's address, the plate and the
 * locksmith's notes. The member's own record: no back-office read selects it. Searched within the member's rows by the
 * customer's name (its start), phone (its last digits) and plate.
 */
export const jobRecords = pgTable(
  'job_records',
  {
    vehicleRequestId: uuid('vehicle_request_id')
      .primaryKey()
      .references(() => vehicleRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    /** The phone's digits, for a search by its last digits whatever way it was typed. */
    phoneDigits: text('phone_digits'),
    jobAddress: text('job_address'),
    plate: text('plate'),
    /** The plate's letters and digits in capitals, for a search however it was typed. */
    plateKey: text('plate_key'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('job_records_user_updated_idx').on(table.userId, table.updatedAt),
    index('job_records_customer_name_idx').using('btree', table.userId, sql`lower(${table.customerName}) text_pattern_ops`),
    index('job_records_phone_idx').using('btree', table.userId, sql`reverse(${table.phoneDigits}) text_pattern_ops`),
    index('job_records_plate_idx').on(table.userId, table.plateKey),
  ],
)
