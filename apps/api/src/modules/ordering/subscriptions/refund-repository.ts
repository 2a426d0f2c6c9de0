import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { subscriptions } from '../../../db/schema/payments.ts'
import { planRefunds } from '../../../db/schema/refunds.ts'

export type PlanRefundRow = typeof planRefunds.$inferSelect

export async function findRefundOfPlan(db: DbExecutor, subscriptionId: string): Promise<PlanRefundRow | undefined> {
  const [row] = await db.select().from(planRefunds).where(eq(planRefunds.subscriptionId, subscriptionId))
  return row
}

/** The refund of each of these plans that has one, by plan id. */
export async function findRefundsOfPlans(db: DbExecutor, subscriptionIds: string[]): Promise<Map<string, PlanRefundRow>> {
  if (subscriptionIds.length === 0) return new Map()
  const rows = await db.select().from(planRefunds).where(inArray(planRefunds.subscriptionId, subscriptionIds))
  return new Map(rows.flatMap((row) => (row.subscriptionId ? [[row.subscriptionId, row] as const] : [])))
}

/** A first attempt; undefined when the plan has a refund row already (the unique index decides, whatever the race). */
export async function insertPendingRefund(db: DbExecutor, values: typeof planRefunds.$inferInsert): Promise<PlanRefundRow | undefined> {
  const [row] = await db.insert(planRefunds).values(values).onConflictDoNothing({ target: planRefunds.subscriptionId }).returning()
  return row
}

/** Another attempt at a refund that failed or was left pending: its amount stays, its attempt time moves. */
export async function restartRefundAttempt(db: DbExecutor, id: string, attemptedAt: Date): Promise<PlanRefundRow> {
  const [row] = await db
    .update(planRefunds)
    .set({ status: 'PENDING', attemptedAt, lastError: null })
    .where(eq(planRefunds.id, id))
    .returning()
  if (!row) throw new Error('refund vanished while its plan was locked')
  return row
}

/** The provider refused this attempt; only the attempt that failed is marked, not a later one that took over. */
export async function markRefundFailed(db: DbExecutor, id: string, attemptedAt: Date, error: string) {
  await db
    .update(planRefunds)
    .set({ status: 'FAILED', lastError: error })
    .where(and(eq(planRefunds.id, id), eq(planRefunds.status, 'PENDING'), eq(planRefunds.attemptedAt, attemptedAt)))
}

/** The provider paid it back; undefined when another attempt recorded it first. */
export async function markRefunded(
  db: DbExecutor,
  id: string,
  values: { providerRefundId: string; refundedAt: Date },
): Promise<PlanRefundRow | undefined> {
  const [row] = await db
    .update(planRefunds)
    .set({ status: 'REFUNDED', lastError: null, ...values })
    .where(and(eq(planRefunds.id, id), inArray(planRefunds.status, ['PENDING', 'FAILED'])))
    .returning()
  return row
}

/** A member's refunds paid back, newest first, with the plan each refunded. */
export async function listPaidRefundsOfMember(db: DbExecutor, userId: string, limit: number) {
  return db
    .select({
      id: planRefunds.id,
      amountCents: planRefunds.amountCents,
      refundedAt: planRefunds.refundedAt,
      transactionId: planRefunds.transactionId,
      tier: subscriptions.tier,
      billing: subscriptions.billing,
    })
    .from(planRefunds)
    .innerJoin(subscriptions, eq(subscriptions.id, planRefunds.subscriptionId))
    .where(and(eq(planRefunds.userId, userId), eq(planRefunds.status, 'REFUNDED')))
    .orderBy(desc(planRefunds.refundedAt))
    .limit(limit)
}

/** The plan refunds paid on these orders, summed by order. */
export async function sumPlanRefundsOfOrders(db: DbExecutor, transactionIds: string[]) {
  if (transactionIds.length === 0) return new Map<string, number>()
  const rows = await db
    .select({ transactionId: planRefunds.transactionId, cents: sql<number>`sum(${planRefunds.amountCents})::int` })
    .from(planRefunds)
    .where(and(inArray(planRefunds.transactionId, transactionIds), eq(planRefunds.status, 'REFUNDED')))
    .groupBy(planRefunds.transactionId)
  return new Map(rows.flatMap((row) => (row.transactionId ? [[row.transactionId, row.cents] as const] : [])))
}

/** The plan refunds paid on these orders, oldest first, with the plan each refunded, for the receipts. */
export async function listPaidPlanRefundsOfOrders(db: DbExecutor, transactionIds: string[]) {
  if (transactionIds.length === 0) return []
  return db
    .select({
      transactionId: planRefunds.transactionId,
      amountCents: planRefunds.amountCents,
      refundedAt: planRefunds.refundedAt,
      createdAt: planRefunds.createdAt,
    })
    .from(planRefunds)
    .where(and(inArray(planRefunds.transactionId, transactionIds), eq(planRefunds.status, 'REFUNDED')))
    .orderBy(planRefunds.refundedAt)
}
