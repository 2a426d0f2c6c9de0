import { sql } from 'drizzle-orm'
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { vehicleRequests } from './ordering.ts'
import { subscriptions, transactions } from './payments.ts'
import { users } from './users.ts'

export const planRefundStatusEnum = pgEnum('plan_refund_status', ['PENDING', 'FAILED', 'REFUNDED'])

/**
 * A refund of a plan under the Refund Policy (docs/decisions/020). Written PENDING with its amount before the payment
 * provider is called, so the amount and the provider's idempotency key never change between attempts; REFUNDED once
 * the provider has paid it back. One per plan (unique), whatever its state. Kept with the transaction records: a
 * deleted account's plan goes, its refund record stays with the plan and member left unnamed.
 */
export const planRefunds = pgTable(
  'plan_refunds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: planRefundStatusEnum('status').notNull().default('PENDING'),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** The super admin who issued it; kept null once that account is gone. */
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the latest attempt at the provider began: another attempt waits until it is old enough to be dead. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plan_refunds_subscription_unique').on(table.subscriptionId),
    index('plan_refunds_user_idx').on(table.userId, table.createdAt),
  ],
)

/**
 * The sandbox payment provider's refunds (what Stripe would hold as Refund objects), beside its checkout sessions. The
 * idempotency key is unique, as Stripe's is: a retried refund answers the refund already made.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_refunds_idempotency_key_unique').on(table.idempotencyKey),
    index('sandbox_refunds_payment_intent_idx').on(table.paymentIntentId),
  ],
)

export const keycodeRefundReasonEnum = pgEnum('keycode_refund_reason', [
  'NO_CODE_IN_PORTAL',
  'VEHICLE_NOT_SUPPORTED',
  'MANUFACTURER_REFUSED',
  'OTHER',
])

/**
 * A refund of one paid keycode line (docs/decisions/026): the order ended without a keycode. Like a plan refund, written
 * PENDING with its amount before the provider is called, one per request whatever its state, so the amount and the
 * idempotency key `keycode-refund:<request id>` never change between attempts. Kept with the transaction records.
 */
export const keycodeRefunds = pgTable(
  'keycode_refunds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    vehicleRequestId: uuid('vehicle_request_id').references(() => vehicleRequests.id, { onDelete: 'set null' }),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** The buyer when a member; null for a guest (the order's checkout e-mail is the guest's address). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    reason: keycodeRefundReasonEnum('reason').notNull(),
    /** The admin's note to the buyer, shown in the mail and on the order. */
    note: text('note').notNull(),
    status: planRefundStatusEnum('status').notNull().default('PENDING'),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('keycode_refunds_request_unique').on(table.vehicleRequestId),
    index('keycode_refunds_transaction_idx').on(table.transactionId),
    index('keycode_refunds_user_idx').on(table.userId, table.refundedAt),
  ],
)
