import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { subscriptions } from '../../../db/schema/payments.ts'
import { planRefunds } from '../../../db/schema/refunds.ts'

/** Every plan of the account, running or ended, for its data archive. */
export function listPlanRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.startDate), asc(subscriptions.id))
}

/** Every refund of the account's plans, for its data archive. */
export function listPlanRefundRowsForArchive(db: DbExecutor, userId: string) {
  return db.select().from(planRefunds).where(eq(planRefunds.userId, userId)).orderBy(asc(planRefunds.createdAt), asc(planRefunds.id))
}
