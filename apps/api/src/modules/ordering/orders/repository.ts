import { and, eq, gt, inArray, isNotNull, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { type PgColumn, QueryBuilder } from 'drizzle-orm/pg-core'
import type { DbExecutor } from '../../../db/database.ts'
import { outerColumn } from '../../../db/outer-column.ts'
import { transactionRequests, transactions } from '../../../db/schema/payments.ts'
import { startsWith } from '../../../db/starts-with.ts'

export type TransactionRow = typeof transactions.$inferSelect

/** A new checkout's order row and the requests it pays for. */
export async function insertTransaction(db: DbExecutor, values: typeof transactions.$inferInsert, requestIds: string[]) {
  const [row] = await db.insert(transactions).values(values).returning({ id: transactions.id })
  if (!row) throw new Error('transaction insert returned nothing')
  if (requestIds.length > 0) {
    await db.insert(transactionRequests).values(requestIds.map((vehicleRequestId) => ({ transactionId: row.id, vehicleRequestId })))
  }
  return row
}

export async function deleteTransaction(db: DbExecutor, id: string) {
  await db.delete(transactions).where(eq(transactions.id, id))
}

export async function setProviderSession(db: DbExecutor, id: string, providerSessionId: string) {
  await db.update(transactions).set({ providerSessionId }).where(eq(transactions.id, id))
}

export async function findTransactionBySession(db: DbExecutor, sessionId: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.providerSessionId, sessionId)).limit(1)
  return row
}

/** The order row of the session, locked until the transaction ends, so fulfilments of one order queue. */
export async function lockTransactionBySession(db: DbExecutor, sessionId: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.providerSessionId, sessionId)).for('update')
  return row
}

export async function findTransactionOwner(db: DbExecutor, sessionId: string) {
  const [row] = await db
    .select({ userId: transactions.userId })
    .from(transactions)
    .where(eq(transactions.providerSessionId, sessionId))
    .limit(1)
  return row
}

export async function markTransactionPaid(
  db: DbExecutor,
  id: string,
  values: Pick<
    typeof transactions.$inferInsert,
    'paidAt' | 'paymentIntentId' | 'customerEmail' | 'customerName' | 'orderStatus' | 'updatedAt'
  >,
): Promise<TransactionRow | undefined> {
  const [paid] = await db
    .update(transactions)
    .set({ status: 'PAID', ...values })
    .where(eq(transactions.id, id))
    .returning()
  return paid
}

/** Which of these provider sessions belong to a transaction still waiting for its payment. */
export async function findPendingSessionIds(db: DbExecutor, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set()
  const rows = await db
    .select({ sessionId: transactions.providerSessionId })
    .from(transactions)
    .where(and(inArray(transactions.providerSessionId, sessionIds), eq(transactions.status, 'PENDING')))
  return new Set(rows.map((row) => row.sessionId).filter((id): id is string => id !== null))
}

export async function listTransactionRequestIds(db: DbExecutor, transactionId: string): Promise<string[]> {
  const links = await db
    .select({ id: transactionRequests.vehicleRequestId })
    .from(transactionRequests)
    .where(eq(transactionRequests.transactionId, transactionId))
  return links.map((link) => link.id)
}

/** A checkout that ended without payment; a PAID order never goes back. */
export async function closeUnpaidTransaction(db: DbExecutor, sessionId: string, status: 'FAILED' | 'EXPIRED', now: Date) {
  await db
    .update(transactions)
    .set({ status, updatedAt: now })
    .where(and(eq(transactions.providerSessionId, sessionId), inArray(transactions.status, ['PENDING', 'FAILED'])))
}

/**
 * A purged account's orders lose their e-mail address and the name typed at checkout and take the account's pseudonym
 * (docs/decisions/035); the rows stay for the retention period, and the foreign key then clears their owner.
 */
export async function pseudonymiseOrdersOf(db: DbExecutor, userId: string, buyerPseudonym: string) {
  await db.update(transactions).set({ customerEmail: null, customerName: null, buyerPseudonym }).where(eq(transactions.userId, userId))
}

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

/**
 * Re-derives the order status of the paid orders holding this request: the least advanced of their requests, which
 * the requests module reckons (`leastStatusOf`), handed in because the requests module reads orders and not back.
 */
export async function refreshOrderStatus(db: DbExecutor, vehicleRequestId: string, leastStatusOf: (requestIds: SQL) => SQL) {
  await db
    .update(transactions)
    .set({
      orderStatus: leastStatusOf(
        sql`select ${transactionRequests.vehicleRequestId} from ${transactionRequests} where ${transactionRequests.transactionId} = ${outerColumn(transactions.id)}`,
      ),
    })
    .where(
      and(
        isNotNull(transactions.orderStatus),
        inArray(
          transactions.id,
          db
            .select({ id: transactionRequests.transactionId })
            .from(transactionRequests)
            .where(eq(transactionRequests.vehicleRequestId, vehicleRequestId)),
        ),
      ),
    )
}

/**
 * The first paid order holding each of these requests (transaction_requests_request_idx): its id, confirmation
 * number and checkout e-mail.
 */
export async function findFirstPaidOrders(db: DbExecutor, requestIds: string[]) {
  if (requestIds.length === 0)
    return new Map<
      string,
      { transactionId: string; confirmationNumber: string; customerEmail: string | null; customerName: string | null }
    >()
  const rows = await db
    .selectDistinctOn([transactionRequests.vehicleRequestId], {
      requestId: transactionRequests.vehicleRequestId,
      transactionId: transactions.id,
      confirmationNumber: transactions.confirmationNumber,
      customerEmail: transactions.customerEmail,
      customerName: transactions.customerName,
    })
    .from(transactionRequests)
    .innerJoin(transactions, eq(transactions.id, transactionRequests.transactionId))
    .where(and(inArray(transactionRequests.vehicleRequestId, requestIds), eq(transactions.status, 'PAID')))
    .orderBy(transactionRequests.vehicleRequestId, transactions.paidAt)
  return new Map(rows.map(({ requestId, ...order }) => [requestId, order]))
}

/**
 * The confirmation number of the first PAID order holding the request `requestId` names (the order findFirstPaidOrders
 * answers), as a scalar subquery another module's read embeds; served by transaction_requests_request_idx.
 */
export const firstPaidConfirmationNumberOf = (requestId: PgColumn): SQL =>
  sql`(select ${transactions.confirmationNumber} from ${transactionRequests}
      join ${transactions} on ${transactions.id} = ${transactionRequests.transactionId}
      where ${transactionRequests.vehicleRequestId} = ${requestId} and ${transactions.status} = 'PAID'
      order by ${transactions.paidAt} limit 1)`

/**
 * The checkout e-mail and name of the first PAID order holding the request `requestId` names (the order
 * findFirstPaidOrders answers), as a derived table another module's read joins laterally, so a page of requests reads
 * its orders in the same statement (transaction_requests_request_idx).
 */
export const firstPaidOrderContactOf = (requestId: PgColumn) =>
  new QueryBuilder()
    .select({ customerEmail: transactions.customerEmail, customerName: transactions.customerName })
    .from(transactionRequests)
    .innerJoin(transactions, eq(transactions.id, transactionRequests.transactionId))
    .where(and(eq(transactionRequests.vehicleRequestId, requestId), eq(transactions.status, 'PAID')))
    .orderBy(transactions.paidAt)
    .limit(1)
    .as('first_paid_order')

/** The confirmation number and checkout e-mail of these orders by id (a release names the order it was paid by). */
export async function findOrderContacts(db: DbExecutor, transactionIds: string[]) {
  const rows =
    transactionIds.length === 0
      ? []
      : await db
          .select({
            id: transactions.id,
            confirmationNumber: transactions.confirmationNumber,
            customerEmail: transactions.customerEmail,
            buyerPseudonym: transactions.buyerPseudonym,
          })
          .from(transactions)
          .where(inArray(transactions.id, transactionIds))
  return new Map(rows.map(({ id, ...contact }) => [id, contact]))
}

/**
 * The ids of the requests whose orders a search finds, by exact confirmation number or the start of the
 * checkout e-mail, as a subquery the admin search embeds (docs/decisions/016).
 */
export const requestIdsOfOrdersMatching = (search: OrderSearch<string | Placeholder>): SQL =>
  sql`select ${transactionRequests.vehicleRequestId} from ${transactions}
      join ${transactionRequests} on ${transactionRequests.transactionId} = ${transactions.id}
      where ${transactions.confirmationNumber} = ${search.confirmation} or lower(${transactions.customerEmail}) like ${search.emailPrefix}`

/** What an order search compares: the confirmation number as typed in capitals, and the pattern of the e-mail's start. */
export interface OrderSearch<Value = string> {
  confirmation: Value
  emailPrefix: Value
}

export const orderSearchOf = (term: string): OrderSearch => ({
  confirmation: term.trim().toUpperCase(),
  emailPrefix: startsWith(term.toLowerCase()),
})

/** The ids of the requests in a checkout that can still be paid, as a subquery another module's sweep embeds. */
export const requestIdsInOpenCheckouts = (now: Date): SQL =>
  sql`select ${transactionRequests.vehicleRequestId} from ${transactionRequests}
      join ${transactions} on ${transactions.id} = ${transactionRequests.transactionId}
      where ${transactions.status} = 'PENDING' and ${transactions.expiresAt} > ${now.toISOString()}::timestamptz`

/** The paid order that paid for the request (the first, should a request ever be paid twice): what a refund goes back to. */
export async function findPaymentOfRequest(db: DbExecutor, requestId: string) {
  const [row] = await db
    .select({
      transactionId: transactions.id,
      confirmationNumber: transactions.confirmationNumber,
      customerEmail: transactions.customerEmail,
      provider: transactions.provider,
      providerSessionId: transactions.providerSessionId,
      paymentIntentId: transactions.paymentIntentId,
      items: transactions.items,
      usesBasicDiscount: transactions.usesBasicDiscount,
    })
    .from(transactionRequests)
    .innerJoin(transactions, eq(transactions.id, transactionRequests.transactionId))
    .where(and(eq(transactionRequests.vehicleRequestId, requestId), eq(transactions.status, 'PAID')))
    .orderBy(transactions.paidAt)
    .limit(1)
  return row
}

/** The ids of a member's own requests paid by the order of this confirmation number, as a subquery the job search embeds. */
export const ownRequestIdsOfConfirmation = (userId: string, term: string): SQL =>
  sql`select ${transactionRequests.vehicleRequestId} from ${transactions}
      join ${transactionRequests} on ${transactionRequests.transactionId} = ${transactions.id}
      where ${transactions.confirmationNumber} = ${term.trim().toUpperCase()} and ${transactions.userId} = ${userId}`
