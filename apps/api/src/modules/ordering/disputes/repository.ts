import type { DbExecutor } from '../../../db/database.ts'
import { paymentDisputes } from '../../../db/schema/refunds.ts'

export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect

/** A dispute the provider told of, recorded once: a second delivery of the same event finds it there (undefined). */
export async function recordDispute(db: DbExecutor, values: typeof paymentDisputes.$inferInsert): Promise<PaymentDisputeRow | undefined> {
  const [row] = await db
    .insert(paymentDisputes)
    .values(values)
    .onConflictDoNothing({ target: paymentDisputes.providerDisputeId })
    .returning()
  return row
}
