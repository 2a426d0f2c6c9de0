import { inArray } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { paymentDisputes } from '../../../db/schema/refunds.ts'

/** The disputes of orders past their 7 years go with them (docs/decisions/035). */
export async function deleteDisputesOfOrders(db: DbExecutor, transactionIds: string[]) {
  if (transactionIds.length === 0) return
  await db.delete(paymentDisputes).where(inArray(paymentDisputes.transactionId, transactionIds))
}
