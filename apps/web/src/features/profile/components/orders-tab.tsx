import { formatDollars } from '@keydesk/contracts/money'
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@keydesk/contracts/request-status'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable } from '../../../components/ui/data-table.tsx'
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
      <DataTable
        label="Your orders"
        rows={rows}
        rowKey={(order) => order.id}
        empty="You have no orders yet."
        paging={{ label: 'Order pages', page: page - 1, pageCount, onPageChange: (index) => setPage(index + 1) }}
        columns={[
          { header: 'Order date', cell: (order) => new Date(order.orderDate).toLocaleDateString() },
          { header: 'Vehicle', className: 'font-medium md:font-normal', cell: (order) => `${order.year} ${order.make} ${order.model}` },
          { header: 'VIN', className: 'break-all font-mono', cell: (order) => order.vin },
          {
            header: 'Status',
            cell: (order) =>
              order.refund
                ? `Refunded ${formatDollars(order.refund.amountCents)} on ${new Date(order.refund.refundedAt).toLocaleDateString()}`
                : REQUEST_STATUS_LABELS[order.status],
          },
          { header: 'Cost', className: 'md:text-right', cell: (order) => formatDollars(order.cost) },
        ]}
      />
      {refunds.length > 0 && <RefundsList refunds={refunds} />}
    </div>
  )
}
