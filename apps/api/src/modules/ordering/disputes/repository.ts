import type { DisputeHold, PaymentDisputeView } from '@keydesk/contracts/disputes'
import { type AnyColumn, and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { outerColumn } from '../../../db/outer-column.ts'
import { paymentDisputes } from '../../../db/schema/refunds.ts'

export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect

/** A dispute the provider told of, recorded once: a second delivery of the same event finds it there (undefined). */
export async function recordDispute(db: DbExecutor, values: typeof paymentDisputes.$inferInsert): Promise<PaymentDisputeRow | undefined> {
  const [row] = await db
    .insert(paymentDisputes)
    .values(values)
    .onConflictDoNothing({ target: paymentDisputes.providerDisputeId })
    .returning()
  return row
}

/** The provider's verdict on an open dispute; undefined when it was closed already (a second delivery) or is unknown. */
export async function closeDispute(
  db: DbExecutor,
  providerDisputeId: string,
  values: { status: 'WON' | 'LOST'; closedAt: Date },
): Promise<PaymentDisputeRow | undefined> {
  const [row] = await db
    .update(paymentDisputes)
    .set(values)
    .where(and(eq(paymentDisputes.providerDisputeId, providerDisputeId), eq(paymentDisputes.status, 'OPEN')))
    .returning()
  return row
}

export async function findDisputeByProviderId(db: DbExecutor, providerDisputeId: string): Promise<PaymentDisputeRow | undefined> {
  const [row] = await db.select().from(paymentDisputes).where(eq(paymentDisputes.providerDisputeId, providerDisputeId))
  return row
}

/**
 * What holds a request's release because of a dispute, as a value another module's read embeds (the release gate and the
 * queue): DISPUTE_OPEN while a dispute of one of its checkouts (`transactionIds` selects them) is open, DISPUTE_LOST once
 * one was lost, AWAITING_REVIEW while its buyer (`userId`) disputed a payment after a keycode went out and no super admin
 * has cleared them since; null when nothing holds it. Served by payment_disputes_transaction_idx and _review_idx.
 */
export const disputeHoldOf = (transactionIds: SQL, userId: AnyColumn): SQL<DisputeHold | null> =>
  sql<DisputeHold | null>`(select case
      when exists (select 1 from ${paymentDisputes} where ${paymentDisputes.transactionId} in (${transactionIds}) and ${paymentDisputes.status} = 'OPEN') then 'DISPUTE_OPEN'
      when exists (select 1 from ${paymentDisputes} where ${paymentDisputes.transactionId} in (${transactionIds}) and ${paymentDisputes.status} = 'LOST') then 'DISPUTE_LOST'
      when exists (select 1 from ${paymentDisputes} where ${paymentDisputes.userId} = ${outerColumn(userId)}
        and ${paymentDisputes.releasedBefore} and ${paymentDisputes.reviewClearedAt} is null) then 'AWAITING_REVIEW'
    end)`

/** A member's disputes, newest first: what the back office shows on the account. */
export function listDisputesOfMember(db: DbExecutor, userId: string, limit: number) {
  return db
    .select()
    .from(paymentDisputes)
    .where(eq(paymentDisputes.userId, userId))
    .orderBy(desc(paymentDisputes.openedAt), desc(paymentDisputes.id))
    .limit(limit)
}

/** The newest disputes of every buyer, for the super admin's list. */
export function listDisputes(db: DbExecutor, limit: number) {
  return db.select().from(paymentDisputes).orderBy(desc(paymentDisputes.openedAt), desc(paymentDisputes.id)).limit(limit)
}

/** One dispute, its row locked until the transaction ends, so two clearings of one review decide one after the other. */
export async function lockDispute(db: DbExecutor, id: string): Promise<PaymentDisputeRow | undefined> {
  const [row] = await db.select().from(paymentDisputes).where(eq(paymentDisputes.id, id)).for('update')
  return row
}

/** A super admin cleared the buyer's review; undefined when there was none to clear or it was cleared meanwhile. */
export async function clearDisputeReview(db: DbExecutor, id: string, by: string, at: Date): Promise<PaymentDisputeRow | undefined> {
  const [row] = await db
    .update(paymentDisputes)
    .set({ reviewClearedAt: at, reviewClearedBy: by })
    .where(and(eq(paymentDisputes.id, id), eq(paymentDisputes.releasedBefore, true), isNull(paymentDisputes.reviewClearedAt)))
    .returning()
  return row
}

/** A dispute as the back office reads it, with its checkout's confirmation number when the caller has it. */
export const disputeView = (row: PaymentDisputeRow, confirmationNumber: string | null): PaymentDisputeView => ({
  id: row.id,
  providerDisputeId: row.providerDisputeId,
  confirmationNumber,
  amountCents: row.amountCents,
  reason: row.reason,
  status: row.status,
  releasedBefore: row.releasedBefore,
  reviewPending: row.releasedBefore && row.reviewClearedAt === null && row.userId !== null,
  reviewClearedAt: row.reviewClearedAt?.toISOString() ?? null,
  openedAt: row.openedAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
})
