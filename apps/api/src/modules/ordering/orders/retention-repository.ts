import { and, asc, inArray, lt, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { transactionRequests, transactions } from '../../../db/schema/payments.ts'

// Transaction records past RETENTION.TRANSACTIONS (docs/decisions/035): an order is kept 7 years from its payment, an
// order never paid 7 years from its creation. Both start no earlier than the creation, so transactions_created_idx
// serves the search.

/** A batch of orders whose 7 years have run out by `before`, oldest first. */
export async function listOrdersEndedBefore(db: DbExecutor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(lt(transactions.createdAt, before), lt(sql`coalesce(${transactions.paidAt}, ${transactions.createdAt})`, before)))
    .orderBy(asc(transactions.createdAt))
    .limit(limit)
  return rows.map((row) => row.id)
}

/** The requests these orders paid for, by the order's lines. */
export async function listRequestIdsOfOrders(db: DbExecutor, transactionIds: string[]): Promise<string[]> {
  if (transactionIds.length === 0) return []
  const rows = await db
    .selectDistinct({ id: transactionRequests.vehicleRequestId })
    .from(transactionRequests)
    .where(inArray(transactionRequests.transactionId, transactionIds))
  return rows.map((row) => row.id)
}

export async function deleteOrders(db: DbExecutor, transactionIds: string[]): Promise<number> {
  if (transactionIds.length === 0) return 0
  return (await db.delete(transactions).where(inArray(transactions.id, transactionIds)).returning({ id: transactions.id })).length
}
