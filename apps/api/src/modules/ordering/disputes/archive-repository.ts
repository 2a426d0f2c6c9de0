import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { paymentDisputes } from '../../../db/schema/refunds.ts'

/** Every payment dispute on the account's orders, for its data archive. */
export function listDisputeRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(paymentDisputes)
    .where(eq(paymentDisputes.userId, userId))
    .orderBy(asc(paymentDisputes.openedAt), asc(paymentDisputes.id))
}
