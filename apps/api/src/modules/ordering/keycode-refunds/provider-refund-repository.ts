import { and, desc, eq, ne } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { keycodeRefunds } from '../../../db/schema/refunds.ts'
import type { KeycodeRefundRow } from './repository.ts'

/*
 * Keycode refunds the payment provider told of by webhook (docs/decisions/028): made in its own dashboard, or made by
 * Keydesk and failed there later.
 */

/** The refund rows of one checkout's lines, whatever their state: what a dashboard refund must not count twice. */
export function listKeycodeRefundsOfOrder(db: DbExecutor, transactionId: string): Promise<KeycodeRefundRow[]> {
  return db.select().from(keycodeRefunds).where(eq(keycodeRefunds.transactionId, transactionId))
}

/**
 * A line paid back in the provider's dashboard, recorded REFUNDED at once. Undefined when the line has a refund row
 * already or the provider's refund is recorded on another line: either unique index decides, so a line Keydesk
 * refunded itself, or a second delivery of the same event, records nothing.
 */
export async function recordRefundAtProvider(
  db: DbExecutor,
  values: Omit<typeof keycodeRefunds.$inferInsert, 'status' | 'reason' | 'attemptedAt'> & { refundedAt: Date },
): Promise<KeycodeRefundRow | undefined> {
  const [row] = await db
    .insert(keycodeRefunds)
    .values({ ...values, status: 'REFUNDED', reason: 'REFUNDED_AT_PROVIDER', attemptedAt: values.refundedAt })
    .onConflictDoNothing()
    .returning()
  return row
}

/**
 * A line whose own refund attempt failed and which was then paid back in the provider's dashboard: the failed row becomes
 * the dashboard's refund. Undefined when it is no longer FAILED (a retry took it meanwhile).
 */
export async function completeFailedRefundAtProvider(
  db: DbExecutor,
  id: string,
  values: { providerRefundId: string | null; refundedAt: Date; note: string },
): Promise<KeycodeRefundRow | undefined> {
  const [row] = await db
    .update(keycodeRefunds)
    .set({ ...values, status: 'REFUNDED', reason: 'REFUNDED_AT_PROVIDER', lastError: null })
    .where(and(eq(keycodeRefunds.id, id), eq(keycodeRefunds.status, 'FAILED')))
    .returning()
  return row
}

/**
 * The provider says a refund it accepted has failed: the money did not go back. Undefined when no keycode line holds that
 * refund, or when it is marked FAILED already (a second delivery).
 */
export async function markRefundFailedAtProvider(
  db: DbExecutor,
  providerRefundId: string,
  error: string,
): Promise<KeycodeRefundRow | undefined> {
  const [row] = await db
    .update(keycodeRefunds)
    .set({ status: 'FAILED', lastError: error })
    .where(and(eq(keycodeRefunds.providerRefundId, providerRefundId), ne(keycodeRefunds.status, 'FAILED')))
    .returning()
  return row
}

/** Refunds that failed, newest attempt first: what the back office must follow up by hand. */
export function listFailedKeycodeRefunds(db: DbExecutor, limit: number) {
  return db
    .select()
    .from(keycodeRefunds)
    .where(eq(keycodeRefunds.status, 'FAILED'))
    .orderBy(desc(keycodeRefunds.attemptedAt), desc(keycodeRefunds.id))
    .limit(limit)
}
