import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.ts'
import { vehicleMakes, vehicleRequests } from '../../db/schema/ordering.ts'
import { transactionRequests, transactions } from '../../db/schema/payments.ts'
import { decryptSecret } from '../../lib/secret-box.ts'
import { requestIdsMatching } from '../admin/search.ts'

export interface AdminTransactionsQuery {
  status?: 'PENDING' | 'INPROGRESS' | 'FULFILLED'
  search?: string
  sortBy?: 'confirmation' | 'status' | 'createdAt'
  sortOrder: 'asc' | 'desc'
  limit: number
  offset: number
}

/** The orders holding a request the admin search finds (docs/decisions/016); every branch is index-served. */
const searchCondition = (search: string): SQL =>
  inArray(
    transactions.id,
    sql`(select ${transactionRequests.transactionId} from ${transactionRequests}
         where ${transactionRequests.vehicleRequestId} in (${requestIdsMatching(search)}))`,
  )

/**
 * GET /admin/transactions: paid orders, one page, filtered by order status and searched by VIN or confirmation
 * number; the page's vehicles come in one more query (never a query per order).
 */
export async function listAdminTransactions(db: DbExecutor, key: Buffer, query: AdminTransactionsQuery) {
  const conditions = [isNotNull(transactions.orderStatus)]
  if (query.status) conditions.push(eq(transactions.orderStatus, query.status))
  if (query.search) conditions.push(searchCondition(query.search))
  const direction = query.sortOrder === 'asc' ? asc : desc
  // Both keys in one direction, so transactions_order_status_idx serves either order (ascending: oldest first).
  const order =
    query.sortBy === 'confirmation'
      ? [direction(transactions.confirmationNumber)]
      : query.sortBy === 'status'
        ? [direction(transactions.orderStatus), direction(transactions.createdAt)]
        : [direction(transactions.createdAt)]
  const rows = await db
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
  if (rows.length === 0) return []

  const vehicles = await db
    .select({
      transactionId: transactionRequests.transactionId,
      id: vehicleRequests.id,
      make: vehicleMakes.name,
      model: vehicleRequests.model,
      vin: vehicleRequests.vin,
      status: vehicleRequests.status,
      keycodeEncrypted: vehicleRequests.keycodeEncrypted,
    })
    .from(transactionRequests)
    .innerJoin(vehicleRequests, eq(vehicleRequests.id, transactionRequests.vehicleRequestId))
    .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleRequests.makeId))
    .where(
      inArray(
        transactionRequests.transactionId,
        rows.map((row) => row.id),
      ),
    )
  return rows.map((row) => ({
    id: row.id,
    confirmationNumber: row.confirmationNumber,
    status: row.orderStatus ?? 'PENDING',
    paymentStatus: row.status,
    amount: row.amountCents / 100,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    customerEmail: row.customerEmail,
    vehicles: vehicles
      .filter((vehicle) => vehicle.transactionId === row.id)
      .map(({ transactionId: _transaction, keycodeEncrypted, ...vehicle }) => ({
        ...vehicle,
        keycode: keycodeEncrypted ? decryptSecret(keycodeEncrypted, key) : null,
      })),
  }))
}
