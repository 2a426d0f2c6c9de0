import { KEYCODE_REFUND_REASONS, type OrderRefund } from '@keydesk/contracts/keycode-refunds'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { keycodeRefunds } from '../../../db/schema/refunds.ts'

export type KeycodeRefundRow = typeof keycodeRefunds.$inferSelect

export async function findRefundOfRequest(db: DbExecutor, requestId: string): Promise<KeycodeRefundRow | undefined> {
  const [row] = await db.select().from(keycodeRefunds).where(eq(keycodeRefunds.vehicleRequestId, requestId))
  return row
}

/** A first attempt; undefined when the request has a refund row already (the unique index decides). */
export async function insertPendingKeycodeRefund(
  db: DbExecutor,
  values: typeof keycodeRefunds.$inferInsert,
): Promise<KeycodeRefundRow | undefined> {
  const [row] = await db.insert(keycodeRefunds).values(values).onConflictDoNothing({ target: keycodeRefunds.vehicleRequestId }).returning()
  return row
}

/** Another attempt at a refund that failed or was left pending: its amount stays; its attempt time, reason and note move. */
export async function restartKeycodeRefund(
  db: DbExecutor,
  id: string,
  values: Pick<KeycodeRefundRow, 'attemptedAt' | 'reason' | 'note' | 'issuedBy'>,
): Promise<KeycodeRefundRow> {
  const [row] = await db
    .update(keycodeRefunds)
    .set({ status: 'PENDING', lastError: null, ...values })
    .where(eq(keycodeRefunds.id, id))
    .returning()
  if (!row) throw new Error('refund vanished while its request was locked')
  return row
}

/** The provider refused this attempt; only the attempt that failed is marked, not a later one that took over. */
export async function markKeycodeRefundFailed(db: DbExecutor, id: string, attemptedAt: Date, error: string) {
  const failed = await db
    .update(keycodeRefunds)
    .set({ status: 'FAILED', lastError: error })
    .where(and(eq(keycodeRefunds.id, id), eq(keycodeRefunds.status, 'PENDING'), eq(keycodeRefunds.attemptedAt, attemptedAt)))
    .returning({ id: keycodeRefunds.id })
  return failed.length > 0
}

/** The provider paid it back; undefined when another attempt recorded it first. */
export async function markKeycodeRefunded(
  db: DbExecutor,
  id: string,
  values: { providerRefundId: string | null; refundedAt: Date },
): Promise<KeycodeRefundRow | undefined> {
  const [row] = await db
    .update(keycodeRefunds)
    .set({ status: 'REFUNDED', lastError: null, ...values })
    .where(and(eq(keycodeRefunds.id, id), inArray(keycodeRefunds.status, ['PENDING', 'FAILED'])))
    .returning()
  return row
}

/** The paid refunds of these requests, by request id: what the buyer's views show beside a refunded order. */
export async function findPaidKeycodeRefunds(db: DbExecutor, requestIds: string[]) {
  if (requestIds.length === 0) return new Map<string, KeycodeRefundRow>()
  const rows = await db
    .select()
    .from(keycodeRefunds)
    .where(and(inArray(keycodeRefunds.vehicleRequestId, requestIds), eq(keycodeRefunds.status, 'REFUNDED')))
  return new Map(rows.flatMap((row) => (row.vehicleRequestId ? [[row.vehicleRequestId, row] as const] : [])))
}

/** The keycode refunds paid on these orders, summed by order: what a list of payments shows beside each. */
export async function sumKeycodeRefundsOfOrders(db: DbExecutor, transactionIds: string[]) {
  if (transactionIds.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ transactionId: keycodeRefunds.transactionId, cents: sql<number>`sum(${keycodeRefunds.amountCents})::int` })
    .from(keycodeRefunds)
    .where(and(inArray(keycodeRefunds.transactionId, transactionIds), eq(keycodeRefunds.status, 'REFUNDED')))
    .groupBy(keycodeRefunds.transactionId)
  return new Map(rows.flatMap((row) => (row.transactionId ? [[row.transactionId, row.cents] as const] : [])))
}

/** A member's keycode refunds paid back, newest first, with the vehicle each was for. */
export async function listPaidKeycodeRefundsOfMember(db: DbExecutor, userId: string, limit: number) {
  return db
    .select({
      id: keycodeRefunds.id,
      amountCents: keycodeRefunds.amountCents,
      refundedAt: keycodeRefunds.refundedAt,
      transactionId: keycodeRefunds.transactionId,
      vehicleRequestId: keycodeRefunds.vehicleRequestId,
    })
    .from(keycodeRefunds)
    .where(and(eq(keycodeRefunds.userId, userId), eq(keycodeRefunds.status, 'REFUNDED')))
    .orderBy(desc(keycodeRefunds.refundedAt))
    .limit(limit)
}

/** A paid refund as its buyer reads it: the amount, the day, the policy's reason in words and the admin's note. */
export const refundView = (row: KeycodeRefundRow | undefined): OrderRefund | null =>
  row
    ? {
        amountCents: row.amountCents,
        refundedAt: (row.refundedAt ?? row.createdAt).toISOString(),
        reason: KEYCODE_REFUND_REASONS[row.reason],
        note: row.note,
      }
    : null

/** The keycode refunds paid on these orders, oldest first: each with its line (the request), reason and day, for the receipts. */
export async function listPaidKeycodeRefundsOfOrders(db: DbExecutor, transactionIds: string[]) {
  if (transactionIds.length === 0) return []
  return db
    .select({
      transactionId: keycodeRefunds.transactionId,
      vehicleRequestId: keycodeRefunds.vehicleRequestId,
      reason: keycodeRefunds.reason,
      amountCents: keycodeRefunds.amountCents,
      refundedAt: keycodeRefunds.refundedAt,
      createdAt: keycodeRefunds.createdAt,
    })
    .from(keycodeRefunds)
    .where(and(inArray(keycodeRefunds.transactionId, transactionIds), eq(keycodeRefunds.status, 'REFUNDED')))
    .orderBy(keycodeRefunds.refundedAt)
}
