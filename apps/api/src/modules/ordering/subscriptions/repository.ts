import { and, desc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { subscriptions } from '../../../db/schema/payments.ts'

export async function findLatestPlan(db: DbExecutor, userId: string) {
  const [plan] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
  return plan
}

/** One page of every member's plans, newest first. */
export async function listPlans(db: DbExecutor, limit: number, offset: number) {
  return db
    .select({
      id: subscriptions.id,
      tier: subscriptions.tier,
      status: subscriptions.status,
      billing: subscriptions.billing,
      userId: subscriptions.userId,
      refundRequestedAt: subscriptions.refundRequestedAt,
    })
    .from(subscriptions)
    .orderBy(desc(subscriptions.createdAt))
    .limit(limit)
    .offset(offset)
}

export async function cancelRunningPlan(db: DbExecutor, userId: string) {
  const [plan] = await db
    .update(subscriptions)
    .set({ status: 'CANCELLED', autoRenew: false })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'ACTIVE')))
    .returning()
  return plan
}

/**
 * The member asked for the policy's refund now (docs/decisions/032): the plan stops renewing, as a cancellation does,
 * and carries the request until a super admin pays it (which ends the plan).
 */
export async function markRefundRequested(db: DbExecutor, id: string, now: Date) {
  await db.update(subscriptions).set({ status: 'CANCELLED', autoRenew: false, refundRequestedAt: now }).where(eq(subscriptions.id, id))
}

/** Ends every plan of the user that is not ended yet, as of now. */
export async function endRunningPlans(db: DbExecutor, userId: string, now: Date) {
  await db
    .update(subscriptions)
    .set({ status: 'EXPIRED', endDate: now, autoRenew: false })
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'EXPIRED')))
}

/** The plan a paid order bought; a repeated fulfilment of that order inserts nothing (one plan per transaction). */
export async function insertPlan(db: DbExecutor, plan: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(plan).onConflictDoNothing({ target: subscriptions.transactionId })
}

/** A renewed provider plan runs until endDate; a plan already running longer keeps its end. */
export async function extendProviderPlan(db: DbExecutor, providerSubscriptionId: string, endDate: Date) {
  await db
    .update(subscriptions)
    .set({ endDate })
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        ne(subscriptions.status, 'EXPIRED'),
        lt(subscriptions.endDate, endDate),
      ),
    )
}

/** Marks plans whose period is over EXPIRED and answers their members. */
export async function expireEndedPlans(db: DbExecutor, now: Date): Promise<string[]> {
  const ended = await db
    .update(subscriptions)
    .set({ status: 'EXPIRED', autoRenew: false })
    .where(and(ne(subscriptions.status, 'EXPIRED'), lte(subscriptions.endDate, now)))
    .returning({ userId: subscriptions.userId })
  return ended.map((plan) => plan.userId)
}

/** Which of these members have a plan that has not expired. */
export async function findMembersWithRunningPlan(db: DbExecutor, userIds: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(inArray(subscriptions.userId, userIds), ne(subscriptions.status, 'EXPIRED')))
  return new Set(rows.map((row) => row.userId))
}

export type PlanRow = typeof subscriptions.$inferSelect

export async function findPlanById(db: DbExecutor, id: string): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
  return plan
}

/** The plan row, locked until the transaction ends: decisions on one plan's refund queue behind each other. */
export async function lockPlanById(db: DbExecutor, id: string): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update')
  return plan
}

/** Ends one plan as of now; a plan whose end has already passed keeps that end. */
export async function endPlanNow(db: DbExecutor, id: string, now: Date) {
  await db
    .update(subscriptions)
    .set({ status: 'EXPIRED', endDate: sql`least(${subscriptions.endDate}, ${now.toISOString()}::timestamptz)`, autoRenew: false })
    .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'EXPIRED')))
}
