import { sql } from 'drizzle-orm'
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
