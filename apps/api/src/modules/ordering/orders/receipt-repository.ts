import { and, count, desc, eq, gte, lt } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { transactions } from '../../../db/schema/payments.ts'

const paidOrderColumns = {
  id: transactions.id,
  confirmationNumber: transactions.confirmationNumber,
  paidAt: transactions.paidAt,
  createdAt: transactions.createdAt,
  amountCents: transactions.amountCents,
  currency: transactions.currency,
  items: transactions.items,
}
const paidBy = (userId: string) => and(eq(transactions.userId, userId), eq(transactions.status, 'PAID'))

/** One page of a member's paid orders, newest first, through the index on (user, created). */
export async function findPaidOrderPage(db: DbExecutor, userId: string, limit: number, offset: number) {
  return db
    .select(paidOrderColumns)
    .from(transactions)
    .where(paidBy(userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset(offset)
}

export type PaidOrderRow = Awaited<ReturnType<typeof findPaidOrderPage>>[number]

export async function countPaidOrders(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(transactions).where(paidBy(userId))
  return row?.total ?? 0
}

/** One paid order of this member; none for another member's order, an unpaid one or an unknown id. */
export async function findPaidOrderOf(db: DbExecutor, userId: string, transactionId: string): Promise<PaidOrderRow | undefined> {
  const [row] = await db
    .select(paidOrderColumns)
    .from(transactions)
    .where(and(paidBy(userId), eq(transactions.id, transactionId)))
    .limit(1)
  return row
}

/** A member's orders paid within [from, to), oldest first: the month's receipts. */
export async function findPaidOrdersBetween(db: DbExecutor, userId: string, from: Date, to: Date): Promise<PaidOrderRow[]> {
  return db
    .select(paidOrderColumns)
    .from(transactions)
    .where(and(paidBy(userId), gte(transactions.paidAt, from), lt(transactions.paidAt, to)))
    .orderBy(transactions.paidAt, transactions.id)
}
