import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { outerColumn } from '../../../db/outer-column.ts'
import { transactionRequests, transactions } from '../../../db/schema/payments.ts'
import type { TransactionRow } from './repository.ts'

/**
 * The paid checkout a provider's payment intent belongs to: what a refund or a dispute the provider tells of is about
 * (transactions_payment_intent_idx). Undefined for a payment Keydesk does not know, such as another shop's on a shared
 * account.
 */
export async function findPaidTransactionByPaymentIntent(db: DbExecutor, paymentIntentId: string): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.paymentIntentId, paymentIntentId), eq(transactions.status, 'PAID')))
    .limit(1)
  return row
}

/** The ids of the checkouts that hold the request `requestId` names, as a subquery another module's read embeds. */
export const transactionIdsOfRequest = (requestId: AnyColumn): SQL =>
  sql`select ${transactionRequests.transactionId} from ${transactionRequests} where ${transactionRequests.vehicleRequestId} = ${outerColumn(requestId)}`

/**
 * Locks a checkout's row until the transaction ends, so two deliveries of the provider's news about one payment decide
 * one after the other. Taken after its requests' rows, in the order a refund and a release take them.
 */
export async function lockTransaction(db: DbExecutor, id: string): Promise<void> {
  await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, id)).for('update')
}
