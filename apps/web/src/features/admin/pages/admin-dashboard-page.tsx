import { useCallback, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { paths } from '../../../lib/paths.ts'
import { useNow } from '../../../lib/use-now.ts'
import { AdminChatPanel } from '../../chat/components/admin-chat-panel.tsx'
import { useSession } from '../../session/use-session.ts'
import { NO_TRANSACTION_FILTERS, type TransactionFilters } from '../api/transaction-filters.ts'
import { useAdminQueue, useQueueCounts } from '../api/use-admin-queue.ts'
import { useAdminSubscriptions } from '../api/use-admin-subscriptions.ts'
import { useAdminTransactions } from '../api/use-admin-transactions.ts'
import { DocumentImageDialog, type EnlargedDocument } from '../components/document-image-dialog.tsx'
import { FailedKeycodeMails } from '../components/failed-keycode-mails.tsx'
import { PlanRefundDialog } from '../components/plan-refund-dialog.tsx'
import { ProblemReportsLink } from '../components/problem-reports-link.tsx'
import { QueueCounts } from '../components/queue-counts.tsx'
import { ReleasesDownload } from '../components/releases-download.tsx'
import { DASHBOARD_SEARCH_LABEL, SearchForm } from '../components/search-form.tsx'
import { SubscriptionsPanel } from '../components/subscriptions-panel.tsx'
import { TransactionFilterBar } from '../components/transaction-filter-bar.tsx'
import { TransactionsPanel } from '../components/transactions-panel.tsx'
import { WorkQueues } from '../components/work-queues.tsx'
import { useQueueWork } from '../use-queue-work.tsx'

/**
 * docs/product.md, 'Back office (admins and super admins)' admin dashboard, as a working queue (decision 016): one search over both queues and the transactions,
 * counts with what is overdue, the queues as tables in deadline order, the subscriptions and the transactions.
 */
export function AdminDashboardPage() {
  // An order linked from elsewhere (the action log) opens with its search applied.
  const [searchParams] = useSearchParams()
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '')
  const pending = useAdminQueue('pending', search)
  const inProgress = useAdminQueue('in-progress', search)
  const counts = useQueueCounts()
  const now = useNow()
  const [filters, setFilters] = useState<TransactionFilters>(NO_TRANSACTION_FILTERS)
  const [transactionOffset, setTransactionOffset] = useState(0)
  const transactions = useAdminTransactions({ ...filters, search }, transactionOffset)
  const [subscriptionOffset, setSubscriptionOffset] = useState(0)
  const subscriptions = useAdminSubscriptions(subscriptionOffset)
  const isSuperAdmin = useSession().user?.role === 'SUPER_ADMIN'
  const [refunding, setRefunding] = useState<string | null>(null)
  const closeRefund = useCallback(() => setRefunding(null), [])
  const [enlarged, setEnlarged] = useState<EnlargedDocument | null>(null)
  const closeEnlarged = useCallback(() => setEnlarged(null), [])
  const work = useQueueWork({ pending, inProgress, onEnlarge: setEnlarged })

  function changeFilters(next: TransactionFilters) {
    setFilters(next)
    setTransactionOffset(0)
  }

  function changeSearch(next: string) {
    setSearch(next)
    setTransactionOffset(0)
  }

  return (
    <PageFrame title="Admin Dashboard" description="Paid keycode requests, transactions and subscriptions.">
      {work.message && (
        <Toast message={work.message.text} tone={work.message.tone} takesFocus={work.message.takesFocus} onClose={work.dismissMessage} />
      )}
      <DocumentImageDialog image={enlarged} onClose={closeEnlarged} />
      <PlanRefundDialog subscriptionId={refunding} onClose={closeRefund} onIssued={(text) => work.report({ tone: 'success', text })} />
      <FailedKeycodeMails />
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <SearchForm name="Search requests and transactions" label={DASHBOARD_SEARCH_LABEL} value={search} onChange={changeSearch} />
      </div>
      <QueueCounts
        search={search}
        pending={pending}
        inProgress={inProgress}
        counts={counts}
        transactions={transactions.data}
        transactionOffset={transactionOffset}
        now={now}
      />
      <ProblemReportsLink />
      <p className="mt-1 text-sm">
        <Link to={paths.supportInbox} className="font-semibold text-brand-700 underline">
          Support inbox
        </Link>
      </p>
      <WorkQueues pending={pending} inProgress={inProgress} work={work} search={search} now={now} onShowBatch={changeSearch} />
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <div className="space-y-4">
          <TransactionFilterBar value={filters} onChange={changeFilters} />
          <TransactionsPanel
            transactions={transactions}
            isFiltered={filters.status !== '' || search !== ''}
            offset={transactionOffset}
            onOffsetChange={setTransactionOffset}
            {...(isSuperAdmin ? { onLineRefunded: (text: string) => work.report({ tone: 'success', text }) } : {})}
          />
        </div>
        <SubscriptionsPanel
          subscriptions={subscriptions}
          offset={subscriptionOffset}
          onOffsetChange={setSubscriptionOffset}
          {...(isSuperAdmin ? { onRefund: setRefunding } : {})}
        />
      </div>
      <div className="mt-8">
        <ReleasesDownload />
      </div>
      <div className="mt-8" id="support-chat">
        <AdminChatPanel />
      </div>
    </PageFrame>
  )
}
