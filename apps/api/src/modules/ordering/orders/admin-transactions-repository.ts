import type { RequestStatus } from '@keydesk/contracts/request-status'
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.ts'
import { transactionRequests, transactions } from '../../../db/schema/payments.ts'

export interface PaidOrdersPageQuery {
  status?: RequestStatus
  /** The ids of the requests the admin search finds, as a subquery (the requests module's `requestIdsMatching`). */
  searchRequestIds?: SQL
  sortBy?: 'confirmation' | 'status' | 'createdAt'
  sortOrder: 'asc' | 'desc'
  limit: number
  offset: number
}

/** The orders holding a request the admin search finds (docs/decisions/016); every branch is index-served. */
const searchCondition = (searchRequestIds: SQL): SQL =>
  inArray(
    transactions.id,
    sql`(select ${transactionRequests.transactionId} from ${transactionRequests}
         where ${transactionRequests.vehicleRequestId} in (${searchRequestIds}))`,
  )

export async function listPaidOrdersPage(db: DbExecutor, query: PaidOrdersPageQuery) {
  const conditions = [isNotNull(transactions.orderStatus)]
  if (query.status) conditions.push(eq(transactions.orderStatus, query.status))
  if (query.searchRequestIds) conditions.push(searchCondition(query.searchRequestIds))
  const direction = query.sortOrder === 'asc' ? asc : desc
  // Both keys in one direction, so transactions_order_status_idx serves either order (ascending: oldest first).
  const order =
    query.sortBy === 'confirmation'
      ? [direction(transactions.confirmationNumber)]
      : query.sortBy === 'status'
        ? [direction(transactions.orderStatus), direction(transactions.createdAt)]
        : [direction(transactions.createdAt)]
  return db
    .select({
      id: transactions.id,
      confirmationNumber: transactions.confirmationNumber,
      orderStatus: transactions.orderStatus,
      status: transactions.status,
      amountCents: transactions.amountCents,
      createdAt: transactions.createdAt,
      paidAt: transactions.paidAt,
      customerEmail: transactions.customerEmail,
    })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
}

/** Which requests each of these orders holds. */
export function listOrderRequestIds(db: DbExecutor, transactionIds: string[]) {
  return db
    .select({ transactionId: transactionRequests.transactionId, requestId: transactionRequests.vehicleRequestId })
    .from(transactionRequests)
    .where(inArray(transactionRequests.transactionId, transactionIds))
}
