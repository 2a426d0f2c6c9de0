import { inArray } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { transactions } from '../../../db/schema/payments.ts'

/**
 * What a refund of the plan bought in each of these orders needs, by order id: the plan line's charge, the order's
 * confirmation number and state, and the provider's references to the payment.
 */
export async function findPlanPayments(db: DbExecutor, transactionIds: string[]) {
  const rows =
    transactionIds.length === 0
      ? []
      : await db
          .select({
            id: transactions.id,
            confirmationNumber: transactions.confirmationNumber,
            status: transactions.status,
            items: transactions.items,
            provider: transactions.provider,
            paymentIntentId: transactions.paymentIntentId,
            providerSessionId: transactions.providerSessionId,
          })
          .from(transactions)
          .where(inArray(transactions.id, transactionIds))
  return new Map(
    rows.map(({ id, items, ...payment }) => [
      id,
      { ...payment, planCents: items.find((item) => item.kind === 'SUBSCRIPTION')?.amountCents ?? null },
    ]),
  )
}
