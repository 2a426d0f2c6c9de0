import { maskVin, type OrdersAnswer } from '@keydesk/contracts/profile'
import type { RequestStatus } from '@keydesk/contracts/request-status'
import type { Database } from '../../../ports.ts'
import { findPaidKeycodeRefunds, refundView } from '../keycode-refunds/repository.ts'
import { findOrderContacts } from '../orders/repository.ts'
import { countOrdersByStatus, findOrderPage } from '../requests/member-requests-repository.ts'
import { readOrderTracker } from '../requests/order-tracker.ts'
import { listPaidRefundsOfMember } from '../subscriptions/refund-repository.ts'

/** More plan refunds than one member could have been paid in years; the list stays one small read. */
const REFUNDS_LISTED = 50

export async function readOrders(db: Database, userId: string, page: number, pageSize: number): Promise<OrdersAnswer> {
  const [counts, rows, tracker, refunds] = await Promise.all([
    countOrdersByStatus(db, userId),
    findOrderPage(db, userId, pageSize, (page - 1) * pageSize),
    readOrderTracker(db, userId),
    listPaidRefundsOfMember(db, userId, REFUNDS_LISTED),
  ])
  const [refundedOrders, keycodeRefunds] = await Promise.all([
    findOrderContacts(
      db,
      refunds.flatMap((refund) => (refund.transactionId ? [refund.transactionId] : [])),
    ),
    findPaidKeycodeRefunds(
      db,
      rows.flatMap((row) => (row.status === 'REFUNDED' ? [row.id] : [])),
    ),
  ])
  const statusMap: Record<RequestStatus, number> = { PENDING: 0, INPROGRESS: 0, FULFILLED: 0, REFUNDED: 0 }
  for (const row of counts) statusMap[row.status] = row.count
  return {
    status: tracker,
    statusMap,
    total: counts.reduce((sum, row) => sum + row.count, 0),
    page,
    pageSize,
    orders: rows.map((row) => ({
      id: row.id,
      orderDate: (row.paidAt ?? new Date(0)).toISOString(),
      status: row.status,
      vin: maskVin(row.vin),
      make: row.make,
      model: row.model,
      year: row.year,
      cost: row.priceCents,
      refund: refundView(keycodeRefunds.get(row.id)),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      refundedAt: (refund.refundedAt ?? new Date(0)).toISOString(),
      tier: refund.tier,
      billing: refund.billing,
      confirmationNumber: (refund.transactionId && refundedOrders.get(refund.transactionId)?.confirmationNumber) || null,
      amountCents: refund.amountCents,
    })),
  }
}
