import { and, eq, gt, gte, lt, or } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { transactions } from '../../../db/schema/payments.ts'

/**
 * Whether a checkout opened in [from, until) spends the member's Basic discount: a paid one, or one that can still
 * be paid (an expired or failed checkout gives it back). Read by the partial index on uses_basic_discount.
 */
export async function isBasicDiscountSpent(db: DbExecutor, userId: string, from: Date, until: Date, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.usesBasicDiscount, true),
        gte(transactions.createdAt, from),
        lt(transactions.createdAt, until),
        or(eq(transactions.status, 'PAID'), and(eq(transactions.status, 'PENDING'), gt(transactions.expiresAt, now))),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A refunded line that spent the Basic plan month's discount gives it back (docs/decisions/021 and 026). */
export async function giveBackBasicDiscount(db: DbExecutor, transactionId: string) {
  await db.update(transactions).set({ usesBasicDiscount: false }).where(eq(transactions.id, transactionId))
}
