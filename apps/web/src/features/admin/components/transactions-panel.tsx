import { formatDollars } from '@keydesk/contracts/money'
import type { AdminTransactionSchema } from '@keydesk/contracts/payments'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import type { z } from 'zod'
import { ADMIN_FAILURES } from '../admin-error-text.ts'
import type { useAdminTransactions } from '../api/use-admin-transactions.ts'
import { PagedPanel } from './paged-panel.tsx'
import { SuperAdminRefundButton } from './super-admin-refund-dialog.tsx'

type AdminTransaction = z.infer<typeof AdminTransactionSchema>

/** Given for super admins only: a paid line not yet refunded can then be refunded on the policy's other grounds. */
type OnLineRefunded = ((message: string) => void) | undefined

function TransactionCard({ transaction, onLineRefunded }: { transaction: AdminTransaction; onLineRefunded: OnLineRefunded }) {
  const when = transaction.paidAt ?? transaction.createdAt
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono font-semibold">{transaction.confirmationNumber}</p>
        <p className="flex items-center gap-3">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm">{REQUEST_STATUS_LABELS[transaction.status]}</span>
          {/* The API sends the amount in dollars; formatDollars takes cents. */}
          <span className="font-semibold">{formatDollars(Math.round(transaction.amount * 100))}</span>
        </p>
      </div>
      {transaction.refundedCents > 0 && (
        <p className="text-sm font-semibold text-slate-800">Refunded {formatDollars(transaction.refundedCents)}</p>
      )}
      <p className="text-sm text-slate-600">
        {transaction.customerEmail ?? 'Guest'} · <time dateTime={when}>{new Date(when).toLocaleString()}</time>
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {transaction.vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            {vehicle.make} {vehicle.model} · <span className="font-mono">{vehicle.vin}</span>
            {vehicle.status === 'REFUNDED' && ' · Refunded'}
            {vehicle.status === 'FULFILLED' && vehicle.keycode && (
              <>
                {' '}
                · Keycode: <span className="font-mono font-semibold">{vehicle.keycode}</span>
              </>
            )}
            {onLineRefunded && transaction.paymentStatus === 'PAID' && vehicle.status !== 'REFUNDED' && (
              <>
                {' '}
                · <SuperAdminRefundButton vehicle={vehicle} onRefunded={onLineRefunded} />
              </>
            )}
          </li>
        ))}
      </ul>
    </li>
  )
}

export interface TransactionsPanelProps {
  transactions: ReturnType<typeof useAdminTransactions>
  isFiltered: boolean
  offset: number
  onOffsetChange: (offset: number) => void
  onLineRefunded?: (message: string) => void
}

/** docs/product.md, 'Back office (admins and super admins)': the paid orders, one page at a time, with their vehicles and, once fulfilled, the keycodes. */
export function TransactionsPanel({ transactions, isFiltered, offset, onOffsetChange, onLineRefunded }: TransactionsPanelProps) {
  return (
    <PagedPanel
      title="Transactions"
      query={transactions}
      loading="Loading transactions..."
      failure={ADMIN_FAILURES.transactions}
      empty={isFiltered ? 'No transactions match this search or filter.' : 'No transactions yet.'}
      offset={offset}
      onOffsetChange={onOffsetChange}
    >
      {(rows) => (
        <ul className="space-y-3">
          {rows.map((transaction) => (
            <TransactionCard key={transaction.id} transaction={transaction} onLineRefunded={onLineRefunded} />
          ))}
        </ul>
      )}
    </PagedPanel>
  )
}
