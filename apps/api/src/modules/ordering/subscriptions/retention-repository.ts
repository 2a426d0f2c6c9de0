import { and, eq, inArray } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { subscriptions } from '../../../db/schema/payments.ts'
import { planRefunds } from '../../../db/schema/refunds.ts'

/**
 * The plan refunds and the ended plans of orders past their 7 years go with them (docs/decisions/035); a plan still
 * running keeps its row and only loses the link to its old order.
 */
export async function deletePlansOfOrders(db: DbExecutor, transactionIds: string[]) {
  if (transactionIds.length === 0) return
  await db.delete(planRefunds).where(inArray(planRefunds.transactionId, transactionIds))
  await db.delete(subscriptions).where(and(inArray(subscriptions.transactionId, transactionIds), eq(subscriptions.status, 'EXPIRED')))
}
