import { and, asc, eq, gt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { transactions } from '../../../db/schema/payments.ts'

/** A page of the account's orders (checkouts, paid or not), by id after `afterId`, for its data archive. */
export function pageOrderRowsForArchive(db: DbExecutor, userId: string, afterId: string | null, limit: number) {
  return db
    .select()
    .from(transactions)
    .where(afterId === null ? eq(transactions.userId, userId) : and(eq(transactions.userId, userId), gt(transactions.id, afterId)))
    .orderBy(asc(transactions.id))
    .limit(limit)
}
