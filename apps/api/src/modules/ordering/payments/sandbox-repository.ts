import { and, desc, eq, gt, or, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { sandboxCheckoutSessions } from '../../../db/schema/payments.ts'
import { sandboxRefunds } from '../../../db/schema/refunds.ts'

export type SandboxSession = typeof sandboxCheckoutSessions.$inferSelect

export async function insertSandboxSession(db: DbExecutor, values: typeof sandboxCheckoutSessions.$inferInsert) {
  await db.insert(sandboxCheckoutSessions).values(values)
}

export async function findSandboxSession(db: DbExecutor, id: string): Promise<SandboxSession | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(or(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.paymentIntentId, id)))
    .limit(1)
  return row
}

export async function findOpenSandboxSession(db: DbExecutor, id: string, now: Date): Promise<SandboxSession | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open'), gt(sandboxCheckoutSessions.expiresAt, now)))
    .limit(1)
  return row
}

export async function completeOpenSandboxSession(
  db: DbExecutor,
  id: string,
  values: Pick<typeof sandboxCheckoutSessions.$inferInsert, 'paymentIntentId' | 'customerEmail' | 'customerName'>,
): Promise<SandboxSession | undefined> {
  const [row] = await db
    .update(sandboxCheckoutSessions)
    .set({ status: 'complete', ...values })
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning()
  return row
}

/** Paid sessions opened since `since`, oldest first, at most `limit`: the redelivery job's candidates. */
export async function listCompleteSandboxSessionsSince(db: DbExecutor, since: Date, limit: number): Promise<SandboxSession[]> {
  return db
    .select()
    .from(sandboxCheckoutSessions)
    .where(and(eq(sandboxCheckoutSessions.status, 'complete'), gt(sandboxCheckoutSessions.createdAt, since)))
    .orderBy(sandboxCheckoutSessions.createdAt)
    .limit(limit)
}

export type SandboxRefund = typeof sandboxRefunds.$inferSelect

/** Records a refund once per idempotency key, as Stripe keeps one refund per key; answers the refund that key holds. */
export async function insertSandboxRefundOnce(db: DbExecutor, values: typeof sandboxRefunds.$inferInsert): Promise<SandboxRefund> {
  await db.insert(sandboxRefunds).values(values).onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, values.idempotencyKey))
  if (!row) throw new Error('sandbox refund vanished after its insert')
  return row
}

export async function findSandboxRefundByKey(db: DbExecutor, idempotencyKey: string): Promise<SandboxRefund | undefined> {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
  return row
}

/** What has been refunded of one payment so far, in cents. */
export async function sumSandboxRefunds(db: DbExecutor, paymentIntentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentIntentId, paymentIntentId))
  return row?.total ?? 0
}

/** Every refund of one payment, newest first: what a charge lists as its refunds. */
export async function listSandboxRefunds(db: DbExecutor, paymentIntentId: string): Promise<SandboxRefund[]> {
  return db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentIntentId, paymentIntentId))
    .orderBy(desc(sandboxRefunds.createdAt), desc(sandboxRefunds.id))
}

/** A refund that failed leaves the payment's refunded total, as Stripe's does; answers the refund it was. */
export async function removeSandboxRefund(db: DbExecutor, id: string): Promise<SandboxRefund | undefined> {
  const [row] = await db.delete(sandboxRefunds).where(eq(sandboxRefunds.id, id)).returning()
  return row
}
