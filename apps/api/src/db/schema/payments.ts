import type { KeycodeDiscountRule, KeycodePriceRule } from '@keydesk/contracts/keycode-prices'
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { guests, requestStatusEnum, servicePlanEnum, vehicleRequests } from './ordering.ts'
import { billingPeriodEnum, subscriptionTierEnum, users } from './users.ts'

export const transactionStatusEnum = pgEnum('transaction_status', ['PENDING', 'PAID', 'FAILED', 'EXPIRED'])

/** What one line of a checkout was, fixed when the checkout was created (the cart may change afterwards). */
export interface TransactionItem {
  kind: 'KEYCODE' | 'SUBSCRIPTION'
  name: string
  description: string
  amountCents: number
  vehicleRequestId?: string
  /** The vehicle this line pays for, as it stood when the checkout was created (docs/decisions/013). */
  vehicle?: { make: string; model: string; year: number; vin: string }
  /** The bulk order's batch the line belongs to, by code (docs/product.md, 'Bulk ordering'). */
  batch?: string
  tier?: 'BASIC' | 'PROFESSIONAL' | 'ENTERPRISE'
  billing?: 'MONTHLY' | 'ANNUAL'
  /** Which rule priced a keycode line, fixed with its amount (docs/decisions/021). */
  pricing?: {
    priceRule: KeycodePriceRule
    discountRule: KeycodeDiscountRule
    discountPercent: number
    beforeDiscountCents: number
    pinCents: number
    note: string
  }
}

/**
 * One checkout: created PENDING with its confirmation number, made PAID exactly once by fulfilment.
 * Kept 7 years from the payment (RETENTION.TRANSACTIONS, docs/decisions/035): purging the account clears user_id and the
 * contact details and names the buyer by a pseudonym; the job `transaction-retention` deletes the record after.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    confirmationNumber: text('confirmation_number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email'),
    /** The name typed at checkout (the name on the card): what a guest's identity check compares the licence with. */
    customerName: text('customer_name'),
    /**
     * A purged account's stable opaque name (docs/decisions/035): its orders lose their owner, e-mail and name but keep
     * one buyer, so the release proof and the transactions list still tell one buyer's records from another's.
     */
    buyerPseudonym: text('buyer_pseudonym'),
    status: transactionStatusEnum('status').notNull().default('PENDING'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    items: jsonb('items').$type<TransactionItem[]>().notNull(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    /** When the provider's checkout session stops accepting payment; until then its vehicles are frozen. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paymentIntentId: text('payment_intent_id'),
    /**
     * Where a paid order stands for the admins: the least advanced status of its requests (a plan-only order
     * is FULFILLED once paid). Kept by fulfilment and by every admin transition, so the list filters and sorts
     * on an indexed column instead of aggregating per row.
     */
    orderStatus: requestStatusEnum('order_status'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** This checkout spends the Basic plan month's one discounted keycode (docs/decisions/021). */
    usesBasicDiscount: boolean('uses_basic_discount').notNull().default(false),
    /** The plan its keycodes were priced for, which also sets their turnaround (docs/decisions/021). */
    servicePlan: servicePlanEnum('service_plan'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('transactions_confirmation_unique').on(table.confirmationNumber),
    uniqueIndex('transactions_provider_session_unique').on(table.providerSessionId),
    index('transactions_payment_intent_idx').on(table.paymentIntentId),
    index('transactions_user_idx').on(table.userId, table.createdAt),
    index('transactions_created_idx').on(table.createdAt),
    // Queue search by a guest's checkout e-mail (docs/decisions/016).
    index('transactions_customer_email_prefix_idx').using('btree', sql`lower(${table.customerEmail}) text_pattern_ops`),
    index('transactions_status_created_idx').on(table.status, table.createdAt),
    index('transactions_basic_discount_idx').on(table.userId, table.createdAt).where(sql`${table.usesBasicDiscount}`),
    index('transactions_order_status_idx').on(table.orderStatus, table.createdAt).where(sql`${table.orderStatus} is not null`),
  ],
)

/** Which keycode requests a transaction pays for (the `vehicles` of GET /admin/transactions, docs/product.md, 'Back office'). */
export const transactionRequests = pgTable(
  'transaction_requests',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    vehicleRequestId: uuid('vehicle_request_id')
      .notNull()
      .references(() => vehicleRequests.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.transactionId, table.vehicleRequestId] }),
    index('transaction_requests_request_idx').on(table.vehicleRequestId),
  ],
)

export const subscriptionStateEnum = pgEnum('subscription_state', ['ACTIVE', 'CANCELLED', 'EXPIRED'])

/**
 * A paid plan. CANCELLED still gives access until end_date (docs/product.md, 'Policies shown on the static pages': cancellation takes effect at the end of
 * the period); EXPIRED does not. One paid transaction activates at most one subscription (unique).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: subscriptionTierEnum('tier').notNull(),
    billing: billingPeriodEnum('billing').notNull(),
    status: subscriptionStateEnum('status').notNull().default('ACTIVE'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the member asked for the Refund Policy's refund and the plan's end now (docs/decisions/032); a super admin pays it. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_transaction_unique').on(table.transactionId),
    uniqueIndex('subscriptions_one_running_per_user').on(table.userId).where(sql`${table.status} <> 'EXPIRED'`),
    index('subscriptions_created_idx').on(table.createdAt),
    index('subscriptions_running_end_idx').on(table.endDate).where(sql`${table.status} <> 'EXPIRED'`),
    index('subscriptions_refund_requested_idx').on(table.refundRequestedAt).where(sql`${table.refundRequestedAt} is not null`),
  ],
)

/**
 * The sandbox payment provider's own records (what Stripe would hold for a Checkout Session). Fulfilment never
 * trusts the browser; it asks this table, as it would ask Stripe.
 */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  lineItems: jsonb('line_items').$type<{ name: string; description: string; amountCents: number }[]>().notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  customerEmail: text('customer_email'),
  customerName: text('customer_name'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentIntentId: text('payment_intent_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
