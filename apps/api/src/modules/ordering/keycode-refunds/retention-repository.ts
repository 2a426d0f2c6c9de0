import { inArray } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { keycodeRefunds } from '../../../db/schema/refunds.ts'

/** The keycode refunds of orders past their 7 years go with them (docs/decisions/035). */
export async function deleteKeycodeRefundsOfOrders(db: DbExecutor, transactionIds: string[]) {
  if (transactionIds.length === 0) return
  await db.delete(keycodeRefunds).where(inArray(keycodeRefunds.transactionId, transactionIds))
}
