import { useCallback, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { AdminChatPanel } from '../../chat/components/admin-chat-panel.tsx'
import { ADMIN_FAILURES, adminErrorText } from '../admin-error-text.ts'
import type { AdminPage } from '../api/admin-page.ts'
import { useAdminQueue, useStartRequest } from '../api/use-admin-queue.ts'
import { useAdminSubscriptions } from '../api/use-admin-subscriptions.ts'
import { NO_TRANSACTION_FILTERS, type TransactionFilters, useAdminTransactions } from '../api/use-admin-transactions.ts'
import { DocumentImageDialog, type EnlargedDocument } from '../components/document-image-dialog.tsx'
import { FailedKeycodeMails } from '../components/failed-keycode-mails.tsx'
import { KeycodeForm } from '../components/keycode-form.tsx'
import { ReleasesDownload } from '../components/releases-download.tsx'
import { RequestSummary } from '../components/request-summary.tsx'
import { SubscriptionsPanel } from '../components/subscriptions-panel.tsx'
import { TransactionFilterBar } from '../components/transaction-filter-bar.tsx'
import { TransactionsPanel } from '../components/transactions-panel.tsx'

/** The API sends no total: the count is what the pages so far hold, with '+' while a next page exists. */
function countSoFar(page: AdminPage<unknown> | undefined, offset: number): string {
  if (!page) return '–'
  return `${offset + page.rows.length}${page.hasMore ? '+' : ''}`
}

function Count({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  )
}

/**
 * Spec 2.7 admin dashboard: search, filter and sort of the transactions; counts; the subscriptions,
 * the paid request queues (Start, keycode submission) and the transactions.
 */
export function AdminDashboardPage() {
  const pending = useAdminQueue('pending')
  const inProgress = useAdminQueue('in-progress')
  const start = useStartRequest()
  const [filters, setFilters] = useState<TransactionFilters>(NO_TRANSACTION_FILTERS)
  const [transactionOffset, setTransactionOffset] = useState(0)
  const transactions = useAdminTransactions(filters, transactionOffset)
  const [subscriptionOffset, setSubscriptionOffset] = useState(0)
  const subscriptions = useAdminSubscriptions(subscriptionOffset)
  const [enlarged, setEnlarged] = useState<EnlargedDocument | null>(null)
  const closeEnlarged = useCallback(() => setEnlarged(null), [])
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  function changeFilters(next: TransactionFilters) {
    setFilters(next)
    setTransactionOffset(0)
  }

  return (
    <PageFrame title="Admin Dashboard" description="Paid keycode requests, transactions and subscriptions.">
      {message && <Toast message={message.text} tone={message.tone} onClose={() => setMessage(null)} />}
      <DocumentImageDialog image={enlarged} onClose={closeEnlarged} />
      <FailedKeycodeMails />
      <TransactionFilterBar value={filters} onChange={changeFilters} />
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <Count label="Pending" value={pending.data?.length ?? '–'} />
        <Count label="In progress" value={inProgress.data?.length ?? '–'} />
        <Count label="Transactions" value={countSoFar(transactions.data, transactionOffset)} />
      </dl>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <SubscriptionsPanel subscriptions={subscriptions} offset={subscriptionOffset} onOffsetChange={setSubscriptionOffset} />
        <section aria-labelledby="pending-heading">
          <h2 id="pending-heading" className="text-xl font-semibold">
            Pending requests
          </h2>
          {pending.isPending && <Spinner label="Loading pending requests..." />}
          {pending.isError && <Alert tone="error">{adminErrorText(pending.error, ADMIN_FAILURES.pending)}</Alert>}
          {pending.data?.length === 0 && <p className="mt-2 text-slate-600">No pending requests.</p>}
          <ul className="mt-3 space-y-3">
            {pending.data?.map((request) => (
              <li key={request.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <RequestSummary request={request} onEnlarge={setEnlarged} />
                <Button
                  className="mt-3"
                  isBusy={start.isPending && start.variables === request.id}
                  onClick={() =>
                    start.mutate(request.id, {
                      onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
                      onError: (error) => setMessage({ tone: 'error', text: adminErrorText(error, ADMIN_FAILURES.updateStatus) }),
                    })
                  }
                >
                  Start
                </Button>
              </li>
            ))}
          </ul>
        </section>
        <TransactionsPanel
          transactions={transactions}
          isFiltered={filters.status !== '' || filters.search !== ''}
          offset={transactionOffset}
          onOffsetChange={setTransactionOffset}
        />
        <section aria-labelledby="in-progress-heading">
          <h2 id="in-progress-heading" className="text-xl font-semibold">
            In progress
          </h2>
          {inProgress.isPending && <Spinner label="Loading requests in progress..." />}
          {inProgress.isError && <Alert tone="error">{adminErrorText(inProgress.error, ADMIN_FAILURES.inProgress)}</Alert>}
          {inProgress.data?.length === 0 && <p className="mt-2 text-slate-600">Nothing in progress.</p>}
          <ul className="mt-3 space-y-3">
            {inProgress.data?.map((request) => (
              <li key={request.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <RequestSummary request={request} onEnlarge={setEnlarged} />
                <KeycodeForm request={request} onError={(text) => setMessage({ tone: 'error', text })} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="mt-8">
        <ReleasesDownload />
      </div>
      <div className="mt-8">
        <AdminChatPanel />
      </div>
    </PageFrame>
  )
}
