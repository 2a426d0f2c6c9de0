import { and, eq, gt } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { transactionRequests, transactions } from '../../db/schema/payments.ts'

/**
 * How long a checkout session accepts payment. Stripe allows 30 minutes to 24 hours; one hour bounds how long
 * an abandoned checkout keeps its vehicles frozen (docs/decisions/013).
 */
export const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000

/** Whether the request is in a checkout that can still be paid (created, not expired, failed or paid). */
export async function isInOpenCheckout(db: DbExecutor, vehicleRequestId: string, now: Date): Promise<boolean> {
  const [open] = await db
    .select({ id: transactions.id })
    .from(transactionRequests)
    .innerJoin(transactions, eq(transactions.id, transactionRequests.transactionId))
    .where(
      and(eq(transactionRequests.vehicleRequestId, vehicleRequestId), eq(transactions.status, 'PENDING'), gt(transactions.expiresAt, now)),
    )
    .limit(1)
  return open !== undefined
}
