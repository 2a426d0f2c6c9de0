import type { AdminTransactionSchema } from '@keydesk/contracts/payments'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import type { z } from 'zod'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { formatDollars } from '../../../lib/money.ts'
import { ADMIN_FAILURES, adminErrorText } from '../admin-error-text.ts'
import { ADMIN_PAGE_SIZE } from '../api/admin-page.ts'
import type { useAdminTransactions } from '../api/use-admin-transactions.ts'
import { Pager } from './pager.tsx'

type AdminTransaction = z.infer<typeof AdminTransactionSchema>

function TransactionCard({ transaction }: { transaction: AdminTransaction }) {
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
      <p className="text-sm text-slate-600">
        {transaction.customerEmail ?? 'Guest'} · <time dateTime={when}>{new Date(when).toLocaleString()}</time>
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {transaction.vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            {vehicle.make} {vehicle.model} · <span className="font-mono">{vehicle.vin}</span>
            {vehicle.status === 'FULFILLED' && vehicle.keycode && (
              <>
                {' '}
                · Keycode: <span className="font-mono font-semibold">{vehicle.keycode}</span>
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
}

/** docs/product.md §8: the paid orders, one page at a time, with their vehicles and, once fulfilled, the keycodes. */
export function TransactionsPanel({ transactions, isFiltered, offset, onOffsetChange }: TransactionsPanelProps) {
  const page = transactions.data
  return (
    <section aria-labelledby="transactions-heading" aria-busy={transactions.isFetching || undefined}>
      <h2 id="transactions-heading" className="text-xl font-semibold">
        Transactions
      </h2>
      <div className="mt-3 space-y-3">
        {transactions.isPending && <Spinner label="Loading transactions..." />}
        {transactions.isError && <Alert tone="error">{adminErrorText(transactions.error, ADMIN_FAILURES.transactions)}</Alert>}
        {page?.rows.length === 0 && (
          <p className="text-slate-600">{isFiltered ? 'No transactions match this search or filter.' : 'No transactions yet.'}</p>
        )}
        {page && page.rows.length > 0 && (
          <ul className="space-y-3">
            {page.rows.map((transaction) => (
              <TransactionCard key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )}
      </div>
      {page && (
        <Pager
          label="Transactions pages"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          hasMore={page.hasMore}
          onOffsetChange={onOffsetChange}
        />
      )}
    </section>
  )
}
