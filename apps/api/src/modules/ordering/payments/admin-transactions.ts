import { toDollars } from '@keydesk/contracts/money'
import { openSealed } from '../../../lib/secret-box.ts'
import type { Uses } from '../../../ports.ts'
import { sumKeycodeRefundsOfOrders } from '../keycode-refunds/repository.ts'
import { listOrderRequestIds, listPaidOrdersPage, type PaidOrdersPageQuery } from '../orders/admin-transactions-repository.ts'
import { requestIdsMatching, requestSearchOf } from '../requests/search-repository.ts'
import { findOrderVehicles } from '../requests/vehicle-reads-repository.ts'
import { sumPlanRefundsOfOrders } from '../subscriptions/refund-repository.ts'

type AdminTransactionsQuery = Omit<PaidOrdersPageQuery, 'searchRequestIds'> & { search?: string | undefined }

/**
 * GET /admin/transactions: paid orders, one page, filtered by order status and searched by VIN or confirmation
 * number; the page's requests, their vehicles and what was refunded of each order come in four more queries for the
 * whole page (never a query per order).
 */
export async function listAdminTransactions(ports: Uses<'database' | 'secretKey'>, query: AdminTransactionsQuery) {
  const db = ports.database.db
  const { search, ...page } = query
  const rows = await listPaidOrdersPage(db, {
    ...page,
    ...(search ? { searchRequestIds: requestIdsMatching(requestSearchOf(search)) } : {}),
  })
  if (rows.length === 0) return []

  const orderIds = rows.map((row) => row.id)
  const [links, keycodeRefunds, planRefunds] = await Promise.all([
    listOrderRequestIds(db, orderIds),
    sumKeycodeRefundsOfOrders(db, orderIds),
    sumPlanRefundsOfOrders(db, orderIds),
  ])
  const vehicles = new Map(
    (
      await findOrderVehicles(
        db,
        links.map((link) => link.requestId),
      )
    ).map((vehicle) => [vehicle.id, vehicle]),
  )
  return rows.map((row) => ({
    id: row.id,
    confirmationNumber: row.confirmationNumber,
    status: row.orderStatus ?? 'PENDING',
    paymentStatus: row.status,
    amount: toDollars(row.amountCents),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    customerEmail: row.customerEmail,
    vehicles: links.flatMap((link) => {
      const vehicle = link.transactionId === row.id ? vehicles.get(link.requestId) : undefined
      if (!vehicle) return []
      const { keycodeEncrypted, ...shown } = vehicle
      return [{ ...shown, keycode: keycodeEncrypted ? openSealed(keycodeEncrypted, ports.secretKey) : null }]
    }),
    refundedCents: (keycodeRefunds.get(row.id) ?? 0) + (planRefunds.get(row.id) ?? 0),
  }))
}
