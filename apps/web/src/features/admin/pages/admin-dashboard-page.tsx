import type { AdminRequest } from '@keydesk/contracts/admin'
import { useCallback, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { paths } from '../../../lib/paths.ts'
import { useNow } from '../../../lib/use-now.ts'
import { AdminChatPanel } from '../../chat/components/admin-chat-panel.tsx'
import { useSession } from '../../session/use-session.ts'
import { ADMIN_FAILURES, adminErrorText } from '../admin-error-text.ts'
import type { QueueName } from '../api/admin-keys.ts'
import type { AdminPage } from '../api/admin-page.ts'
import { NO_TRANSACTION_FILTERS, type TransactionFilters } from '../api/transaction-filters.ts'
import { useAdminQueue, useQueueCounts, useStartRequest } from '../api/use-admin-queue.ts'
import { useAdminSubscriptions } from '../api/use-admin-subscriptions.ts'
import { useAdminTransactions } from '../api/use-admin-transactions.ts'
import { DocumentImageDialog, type EnlargedDocument } from '../components/document-image-dialog.tsx'
import { FailedKeycodeMails } from '../components/failed-keycode-mails.tsx'
import { OrderPanel } from '../components/order-panel.tsx'
import { PlanRefundDialog } from '../components/plan-refund-dialog.tsx'
import { ProblemReportsLink } from '../components/problem-reports-link.tsx'
import { QueueTable, type QueueTableProps } from '../components/queue-table.tsx'
import { type Release, ReleaseConfirmation } from '../components/release-confirmation.tsx'
import { ReleasesDownload } from '../components/releases-download.tsx'
import { DASHBOARD_SEARCH_LABEL, SearchForm } from '../components/search-form.tsx'
import { SubscriptionsPanel } from '../components/subscriptions-panel.tsx'
import { TransactionFilterBar } from '../components/transaction-filter-bar.tsx'
import { TransactionsPanel } from '../components/transactions-panel.tsx'

/** The API sends no total: the count is what the pages so far hold, with '+' while a next page exists. */
function countSoFar(page: AdminPage<unknown> | undefined, offset: number): string {
  if (!page) return '–'
  return `${offset + page.rows.length}${page.hasMore ? '+' : ''}`
}

function Count({ label, value, overdue }: { label: string; value: string | number; overdue?: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold">
        {value}
        {overdue !== undefined && overdue > 0 && <span className="ml-2 text-sm font-semibold text-red-800">{overdue} overdue</span>}
      </dd>
    </div>
  )
}

/** A message of the page; one that reports what the admin just did takes the focus (`takesFocus`). */
type Message = { tone: 'success' | 'error'; text: string; takesFocus?: boolean }

/** How many of these queued orders are past their deadline now. */
const overdueOf = (rows: { dueAt: string }[] | undefined, now: Date) =>
  rows?.filter((row) => new Date(row.dueAt).getTime() < now.getTime()).length

interface QueueStateProps {
  query: ReturnType<typeof useAdminQueue>
  loading: string
  failure: string
  empty: string
  search: string
}

function QueueState({ query, loading, failure, empty, search }: QueueStateProps) {
  if (query.isPending) return <Spinner label={loading} />
  if (query.isError) return <Alert tone="error">{adminErrorText(query.error, failure)}</Alert>
  if (query.data.length > 0) return null
  return <p className="mt-2 text-slate-600">{search ? `Nothing here matches “${search}”.` : empty}</p>
}

interface QueueSectionProps
  extends QueueStateProps,
    Pick<QueueTableProps, 'now' | 'renderActions' | 'renderDetail' | 'onShowBatch' | 'selectedId' | 'onSelect'> {
  /** Called when the admin works in this queue (a click or focus inside), whose panel then has the shortcuts. */
  onActivate: () => void
  headingId: string
  heading: string
  /** The table's accessible name. */
  label: string
  /** The release just made from this queue, kept in view above it until the admin moves on. */
  release?: Release | null
  onNext?: () => void
}

/** One queue under its heading: its state while it has no rows to show, else its table. */
function QueueSection({
  headingId,
  heading,
  label,
  now,
  renderActions,
  renderDetail,
  release,
  onNext,
  onShowBatch,
  selectedId,
  onSelect,
  onActivate,
  ...state
}: QueueSectionProps) {
  const requests = state.query.data
  return (
    <section aria-labelledby={headingId} className="mt-8" onFocusCapture={onActivate} onPointerDownCapture={onActivate}>
      <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold focus:outline-2 focus:outline-brand-600">
        {heading}
      </h2>
      {release && onNext && <ReleaseConfirmation release={release} onNext={onNext} />}
      <QueueState {...state} />
      {requests && requests.length > 0 && (
        <QueueTable
          label={label}
          requests={requests}
          now={now}
          renderActions={renderActions}
          renderDetail={renderDetail}
          showDetail={!release}
          onShowBatch={onShowBatch}
          selectedId={selectedId}
          onSelect={onSelect}
        />
      )}
    </section>
  )
}

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
  const start = useStartRequest()
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
  const [message, setMessage] = useState<Message | null>(null)
  const [release, setRelease] = useState<Release | null>(null)
  // Each queue's open order, and the queue whose panel has the shortcuts: where the admin last worked, else the first
  // queue with an order in it, as the page shows them.
  const [selected, setSelected] = useState<Partial<Record<QueueName, string>>>({})
  const [keysIn, setKeysIn] = useState<QueueName | null>(null)
  const queueWithKeys = keysIn ?? (pending.data?.length ? 'pending' : 'in-progress')
  // An order just started opens in progress with its verdict focused, once.
  const [arrived, setArrived] = useState<string | null>(null)
  // Moving on from a release, the focus goes where the work is: the verdict of whichever order the queue's table shows
  // next (it alone knows its sort), or the queue's heading when nothing is left in it.
  const [focusShown, setFocusShown] = useState(false)
  const onArrived = useCallback(() => {
    setArrived(null)
    setFocusShown(false)
  }, [])
  const nextOrder = useCallback(() => {
    const isEmpty = !(inProgress.data ?? []).some((request) => request.id !== release?.request.id)
    setRelease(null)
    if (isEmpty) document.getElementById('in-progress-heading')?.focus()
    else setFocusShown(true)
  }, [inProgress.data, release])
  const report = (next: Message) => setMessage({ takesFocus: true, ...next })

  function startOrder(request: AdminRequest) {
    start.mutate(request.id, {
      onSuccess: (answer) => {
        setMessage({ tone: 'success', text: answer.message })
        setSelected((current) => ({ ...current, 'in-progress': request.id }))
        setKeysIn('in-progress')
        setArrived(request.id)
      },
      onError: (error) => report({ tone: 'error', text: adminErrorText(error, ADMIN_FAILURES.updateStatus) }),
    })
  }

  const renderPanel = (which: QueueName) => (request: AdminRequest) => (
    <OrderPanel
      key={request.id}
      request={request}
      onEnlarge={setEnlarged}
      hasKeys={queueWithKeys === which}
      onMessage={report}
      {...(which === 'pending'
        ? { onStart: () => startOrder(request) }
        : {
            takesFocus: focusShown || request.id === arrived,
            onArrived,
            onReleased: (text: string) => {
              // The confirmation replaces whatever an earlier action said, so no stale toast stays beside it.
              setMessage(null)
              setRelease({ request, text })
            },
          })}
    />
  )
  const queueSelection = (which: QueueName) => ({
    selectedId: selected[which] ?? null,
    onSelect: (id: string) => setSelected((current) => ({ ...current, [which]: id })),
    onActivate: () => setKeysIn(which),
  })

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
      {message && <Toast message={message.text} tone={message.tone} takesFocus={message.takesFocus} onClose={() => setMessage(null)} />}
      <DocumentImageDialog image={enlarged} onClose={closeEnlarged} />
      <PlanRefundDialog subscriptionId={refunding} onClose={closeRefund} onIssued={(text) => report({ tone: 'success', text })} />
      <FailedKeycodeMails />
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <SearchForm name="Search requests and transactions" label={DASHBOARD_SEARCH_LABEL} value={search} onChange={changeSearch} />
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {/* A search narrows the queues below, and the counts with them: they say what the search found. */}
        <Count
          label={search ? 'Pending found' : 'Pending'}
          value={search ? (pending.data?.length ?? '–') : (counts.data?.pending ?? pending.data?.length ?? '–')}
          overdue={search ? overdueOf(pending.data, now) : counts.data?.overduePending}
        />
        <Count
          label={search ? 'In progress found' : 'In progress'}
          value={search ? (inProgress.data?.length ?? '–') : (counts.data?.inProgress ?? inProgress.data?.length ?? '–')}
          overdue={search ? overdueOf(inProgress.data, now) : counts.data?.overdueInProgress}
        />
        <Count label="Transactions" value={countSoFar(transactions.data, transactionOffset)} />
      </dl>
      <ProblemReportsLink />
      <p className="mt-1 text-sm">
        <Link to={paths.supportInbox} className="font-semibold text-brand-700 underline">
          Support inbox
        </Link>
      </p>
      <QueueSection
        onShowBatch={changeSearch}
        headingId="pending-heading"
        heading="Pending requests"
        label="Pending requests"
        query={pending}
        loading="Loading pending requests..."
        failure={ADMIN_FAILURES.pending}
        empty="No pending requests."
        search={search}
        now={now}
        {...queueSelection('pending')}
        renderActions={(request) => (
          <Button
            isBusy={start.isPending && start.variables === request.id}
            aria-label={`Start ${request.year} ${request.make} ${request.model}`}
            onClick={() => startOrder(request)}
          >
            Start
          </Button>
        )}
        renderDetail={renderPanel('pending')}
      />
      <QueueSection
        onShowBatch={changeSearch}
        headingId="in-progress-heading"
        heading="In progress"
        label="Requests in progress"
        query={inProgress}
        loading="Loading requests in progress..."
        failure={ADMIN_FAILURES.inProgress}
        empty="Nothing in progress."
        search={search}
        now={now}
        release={release}
        onNext={nextOrder}
        {...queueSelection('in-progress')}
        renderDetail={renderPanel('in-progress')}
      />
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <div className="space-y-4">
          <TransactionFilterBar value={filters} onChange={changeFilters} />
          <TransactionsPanel
            transactions={transactions}
            isFiltered={filters.status !== '' || search !== ''}
            offset={transactionOffset}
            onOffsetChange={setTransactionOffset}
            {...(isSuperAdmin ? { onLineRefunded: (text: string) => report({ tone: 'success', text }) } : {})}
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
