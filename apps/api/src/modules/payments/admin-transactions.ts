import { decryptSecret } from '../../lib/secret-box.ts'
import type { Uses } from '../../ports.ts'
import { type AdminTransactionsQuery, listOrderVehicles, listPaidOrdersPage } from './admin-transactions-repository.ts'

/**
 * GET /admin/transactions: paid orders, one page, filtered by order status and searched by VIN or confirmation
 * number; the page's vehicles come in one more query (never a query per order).
 */
export async function listAdminTransactions(ports: Uses<'database' | 'secretKey'>, query: AdminTransactionsQuery) {
  const db = ports.database.db
  const rows = await listPaidOrdersPage(db, query)
  if (rows.length === 0) return []

  const vehicles = await listOrderVehicles(
    db,
    rows.map((row) => row.id),
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
        keycode: keycodeEncrypted ? decryptSecret(keycodeEncrypted, ports.secretKey) : null,
      })),
  }))
}
