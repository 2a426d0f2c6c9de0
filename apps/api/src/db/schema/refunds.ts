import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
    // A payment's receipt lists the refunds paid on it.
    index('plan_refunds_transaction_idx').on(table.transactionId),
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

/**
 * The first four are the admin's no-keycode outcome; a super admin adds the policy's other two (docs/decisions/027); a
 * problem report's refund that a released code did not work is CODE_DID_NOT_WORK; a refund made in the provider's own
 * dashboard and learnt from its webhook is REFUNDED_AT_PROVIDER.
 */
export const keycodeRefundReasonEnum = pgEnum('keycode_refund_reason', [
  'NO_CODE_IN_PORTAL',
  'VEHICLE_NOT_SUPPORTED',
  'MANUFACTURER_REFUSED',
  'OTHER',
  'SERVICE_FAILURE',
  'PAYMENT_ERROR',
  'CODE_DID_NOT_WORK',
  'REFUNDED_AT_PROVIDER',
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
    // A provider's refund is recorded once, whether Keydesk made it or its webhook told of it.
    uniqueIndex('keycode_refunds_provider_refund_unique').on(table.providerRefundId).where(sql`${table.providerRefundId} is not null`),
    index('keycode_refunds_transaction_idx').on(table.transactionId),
    index('keycode_refunds_user_idx').on(table.userId, table.refundedAt),
  ],
)

export const problemReportReasonEnum = pgEnum('problem_report_reason', ['LATE', 'CODE_DID_NOT_WORK', 'CHARGED_WRONGLY'])
export const problemReportStatusEnum = pgEnum('problem_report_status', ['OPEN', 'REFUNDED', 'RECHECKED', 'DECLINED'])
export const problemDeclineReasonEnum = pgEnum('problem_decline_reason', [
  'USER_ERROR',
  'CODE_CONFIRMED',
  'DELIVERED_ON_TIME',
  'CHARGE_CORRECT',
  'OTHER',
])

/**
 * A buyer's report that a paid order went wrong (docs/decisions/027): one per order and reason, reviewed by the policy's
 * clock (review_due_at, business days from the report) and answered once by an admin: refunded, re-checked or declined.
 */
export const problemReports = pgTable(
  'problem_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    vehicleRequestId: uuid('vehicle_request_id')
      .notNull()
      .references(() => vehicleRequests.id, { onDelete: 'cascade' }),
    /** The reporting member; null when a guest reported from the order link. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: problemReportReasonEnum('reason').notNull(),
    message: text('message').notNull(),
    status: problemReportStatusEnum('status').notNull().default('OPEN'),
    reviewDueAt: timestamp('review_due_at', { withTimezone: true }).notNull(),
    declineReason: problemDeclineReasonEnum('decline_reason'),
    /** The admin's words to the buyer with the answer. */
    answerNote: text('answer_note'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('problem_reports_request_reason_unique').on(table.vehicleRequestId, table.reason),
    // The back office's queue: open reports, the earliest review deadline first.
    index('problem_reports_open_idx').on(table.reviewDueAt, table.id).where(sql`${table.status} = 'OPEN'`),
  ],
)

export const paymentDisputeStatusEnum = pgEnum('payment_dispute_status', ['OPEN', 'WON', 'LOST'])

/**
 * A chargeback on a checkout's payment, from the provider's dispute webhooks (docs/decisions/027), one per provider
 * dispute. While OPEN no line of that checkout is released. One raised after a line was released puts the buyer's
 * further orders behind a super admin's review until review_cleared_at is set.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    providerDisputeId: text('provider_dispute_id').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** The buyer when a member; null for a guest. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    /** The card network's reason as the provider names it (fraudulent, product_not_received, ...). */
    reason: text('reason').notNull(),
    status: paymentDisputeStatusEnum('status').notNull().default('OPEN'),
    releasedBefore: boolean('released_before').notNull().default(false),
    reviewClearedAt: timestamp('review_cleared_at', { withTimezone: true }),
    reviewClearedBy: uuid('review_cleared_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_disputes_provider_unique').on(table.providerDisputeId),
    index('payment_disputes_transaction_idx').on(table.transactionId),
    // The release gate's question: has this buyer a released-then-disputed order not yet reviewed?
    index('payment_disputes_review_idx').on(table.userId).where(sql`${table.releasedBefore} and ${table.reviewClearedAt} is null`),
  ],
)
