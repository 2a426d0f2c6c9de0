import { asc, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { keycodeRefunds } from '../../../db/schema/refunds.ts'

/** Every refund of the account's keycode orders, for its data archive. */
export function listKeycodeRefundRowsForArchive(db: DbExecutor, userId: string) {
  return db
    .select()
    .from(keycodeRefunds)
    .where(eq(keycodeRefunds.userId, userId))
    .orderBy(asc(keycodeRefunds.createdAt), asc(keycodeRefunds.id))
}
