import { formatDollars } from '@keydesk/contracts/money'
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@keydesk/contracts/request-status'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
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
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-3 gap-3">
        {(Object.keys(REQUEST_STATUS_LABELS) as RequestStatus[]).map((status) => (
          <div key={status} className="rounded-md border border-slate-200 p-3 text-center">
            <dt className="text-sm text-slate-600">{REQUEST_STATUS_LABELS[status]}</dt>
            <dd className="text-2xl font-semibold text-slate-900">{statusMap[status] ?? 0}</dd>
          </div>
        ))}
      </dl>
      {rows.length === 0 ? (
        <p className="text-slate-600">You have no orders yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your orders</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2">
                Order date
              </th>
              <th scope="col">Vehicle</th>
              <th scope="col">VIN</th>
              <th scope="col">Status</th>
              <th scope="col" className="text-right">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((order) => (
              <tr key={order.id} className="border-b border-slate-100">
                <td className="py-2">{new Date(order.orderDate).toLocaleDateString()}</td>
                <td>
                  {order.year} {order.make} {order.model}
                </td>
                <td className="font-mono">{order.vin}</td>
                <td>{REQUEST_STATUS_LABELS[order.status]}</td>
                <td className="text-right">{formatDollars(order.cost)}</td>
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
