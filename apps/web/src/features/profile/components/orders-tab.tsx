import { formatDollars } from '@keydesk/contracts/money'
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@keydesk/contracts/request-status'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CellLabel } from '../../../components/ui/cell-label.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useOrders } from '../api/use-orders.ts'
import { RefundsList } from './refunds-list.tsx'

/** docs/product.md, 'Member area, chat and support', Orders: date, status, masked VIN (the server masks it), cost. */
export function OrdersTab() {
  const [page, setPage] = useState(1)
  const orders = useOrders(page)

  if (orders.isPending) return <Spinner label="Loading your orders..." />
  if (orders.isError) {
    return (
      <Alert tone="error" title="Your orders could not be loaded.">
        <Button variant="link" onClick={() => orders.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  const { statusMap, orders: rows, total, pageSize, refunds } = orders.data
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  // Refunded is counted once an order has ended without a keycode; most members never have one.
  const counted = (Object.keys(REQUEST_STATUS_LABELS) as RequestStatus[]).filter(
    (status) => status !== 'REFUNDED' || (statusMap[status] ?? 0) > 0,
  )
  return (
    <div className="space-y-6">
      <dl className={`grid gap-3 ${counted.length === 4 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
        {counted.map((status) => (
          <div key={status} className="rounded-md border border-slate-200 p-3 text-center">
            <dt className="text-sm text-slate-600">{REQUEST_STATUS_LABELS[status]}</dt>
            <dd className="text-2xl font-semibold text-slate-900">{statusMap[status] ?? 0}</dd>
          </div>
        ))}
      </dl>
      {rows.length === 0 ? (
        <p className="text-slate-600">You have no orders yet.</p>
      ) : (
        // At phone width each order is a card with its labels: five columns side by side collided at 390 px.
        <table className="block w-full text-left text-sm md:table">
          <caption className="sr-only">Your orders</caption>
          <thead className="hidden border-b border-slate-200 text-slate-600 md:table-header-group">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Order date
              </th>
              <th scope="col" className="pr-3">
                Vehicle
              </th>
              <th scope="col" className="pr-3">
                VIN
              </th>
              <th scope="col" className="pr-3">
                Status
              </th>
              <th scope="col" className="text-right">
                Cost
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-2 md:table-row-group md:space-y-0">
            {rows.map((order) => (
              <tr
                key={order.id}
                className="block rounded-lg border border-slate-200 p-3 md:table-row md:rounded-none md:border-0 md:border-b md:border-slate-100 md:p-0"
              >
                <td className="block md:table-cell md:py-2 md:pr-3">
                  <CellLabel>Order date</CellLabel>
                  {new Date(order.orderDate).toLocaleDateString()}
                </td>
                <td className="block font-medium md:table-cell md:pr-3 md:font-normal">
                  <CellLabel>Vehicle</CellLabel>
                  {order.year} {order.make} {order.model}
                </td>
                <td className="block break-all font-mono md:table-cell md:pr-3">
                  <CellLabel>VIN</CellLabel>
                  {order.vin}
                </td>
                <td className="block md:table-cell md:pr-3">
                  <CellLabel>Status</CellLabel>
                  {order.refund
                    ? `Refunded ${formatDollars(order.refund.amountCents)} on ${new Date(order.refund.refundedAt).toLocaleDateString()}`
                    : REQUEST_STATUS_LABELS[order.status]}
                </td>
                <td className="block md:table-cell md:text-right">
                  <CellLabel>Cost</CellLabel>
                  {formatDollars(order.cost)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pageCount > 1 && (
        <nav aria-label="Order pages" className="flex items-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {pageCount}
          </span>
          <Button variant="secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      {refunds.length > 0 && <RefundsList refunds={refunds} />}
    </div>
  )
}
