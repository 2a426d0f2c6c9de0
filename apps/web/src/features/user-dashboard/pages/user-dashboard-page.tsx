import { DASHBOARD_BATCH_PARAM } from '@keydesk/contracts/bulk'
import type { MemberProblemReportList } from '@keydesk/contracts/problem-reports'
import type { UserRequestsAnswer, VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../lib/paths.ts'
import { BulkBatchesPanel } from '../../bulk-order/components/bulk-batches-panel.tsx'
import { ChatWidget } from '../../chat/components/chat-widget.tsx'
import { useMemberProblemReports } from '../../problem-reports/api/use-problem-reports.ts'
import { useCredentials } from '../../profile/api/use-credentials.ts'
import { useSession } from '../../session/use-session.ts'
import { useRequestStatusStream } from '../api/use-request-status-stream.ts'
import { useOrderTracker, useUserRequests } from '../api/use-user-requests.ts'
import { BatchHeading, batchesOf } from '../components/batch-summary.tsx'
import { OrderCard } from '../components/order-card.tsx'
import { OrderTracker } from '../components/order-tracker.tsx'

const ALL_TABS = [
  { key: 'pendingRequests', label: 'Pending' },
  { key: 'inProgressRequests', label: 'In Progress' },
  { key: 'fulfilledRequests', label: 'Fulfilled' },
  { key: 'refundedRequests', label: 'Refunded' },
] as const

type TabKey = (typeof ALL_TABS)[number]['key']

/** The Refunded tab shows once an order has ended without a keycode; most members never see it. */
const tabsFor = (data: UserRequestsAnswer | undefined) =>
  ALL_TABS.filter((entry) => entry.key !== 'refundedRequests' || (data?.refundedRequests.length ?? 0) > 0)

/** What narrows the orders shown: the search box's text, and one batch's code or null for every order. */
interface OrderFilter {
  search: string
  batch: string | null
}

const matches = (request: VehicleRequestView, { search, batch }: OrderFilter) => {
  if (batch !== null && request.batch?.code !== batch) return false
  const needle = search.trim().toLowerCase()
  return !needle || [request.vin, request.model, request.make.manufacturerName].some((text) => text.toLowerCase().includes(needle))
}

function matchesByTab(data: UserRequestsAnswer | undefined, filter: OrderFilter): Record<TabKey, VehicleRequestView[]> {
  const pick = (key: TabKey) => (data?.[key] ?? []).filter((request) => matches(request, filter))
  return {
    pendingRequests: pick('pendingRequests'),
    inProgressRequests: pick('inProgressRequests'),
    fulfilledRequests: pick('fulfilledRequests'),
    refundedRequests: pick('refundedRequests'),
  }
}

/**
 * The order the tracker follows: the one the member chose, else their newest. Only paid orders are followed: a request
 * still in the cart has not been submitted, so no step of it can have happened.
 */
function trackedOrder(data: UserRequestsAnswer | undefined, chosenId: string | null): VehicleRequestView | null {
  if (!data) return null
  const all = [...data.pendingRequests, ...data.inProgressRequests, ...data.fulfilledRequests].filter((request) => request.paid)
  const chosen = all.find((request) => request.id === chosenId)
  if (chosen) return chosen
  return all.reduce<VehicleRequestView | null>(
    (newest, request) => (!newest || request.createdAt > newest.createdAt ? request : newest),
    null,
  )
}

/** The filter in words, for "No orders match …". */
const filterWords = (search: string, batch: string | null) =>
  [search.trim() ? `“${search.trim()}”` : null, batch ? `batch ${batch}` : null].filter(Boolean).join(' in ')

/**
 * The orders of a tab as the dashboard lists them: each batch's orders together under the batch, in batch order, where
 * the batches first appear; orders of no batch in one group without a heading. With `byBatch` false, one group.
 */
function groupsOf(orders: VehicleRequestView[], byBatch: boolean) {
  if (!byBatch) return [{ code: null, orders }]
  const groups = new Map<string | null, VehicleRequestView[]>()
  for (const order of orders) {
    const code = order.batch?.code ?? null
    const group = groups.get(code)
    if (group) group.push(order)
    else groups.set(code, [order])
  }
  return [...groups].map(([code, grouped]) => ({
    code,
    orders: code === null ? grouped : [...grouped].sort((a, b) => (a.batch?.position ?? 0) - (b.batch?.position ?? 0)),
  }))
}

/** The member's reports by order, oldest first (they arrive newest first). */
function reportsOfOrders(reports: MemberProblemReportList['reports']) {
  const byOrder = new Map<string, MemberProblemReportList['reports']>()
  for (const report of [...reports].reverse())
    byOrder.set(report.vehicleRequestId, [...(byOrder.get(report.vehicleRequestId) ?? []), report])
  return byOrder
}

/** The member dashboard (docs/product.md, 'Screens and routes (web)' and 'Member area, chat and support'). */
export function UserDashboardPage() {
  const session = useSession()
  const requests = useUserRequests()
  const problemReports = useMemberProblemReports()
  const reportsByOrder = reportsOfOrders(problemReports.data?.reports ?? [])
  // The payment success page opens an order with ?order=<request id>; the tracker follows it.
  const [searchParams, setSearchParams] = useSearchParams()
  const [chosenId, setChosenId] = useState<string | null>(() => searchParams.get('order'))
  const tracked = trackedOrder(requests.data, chosenId)
  const tracker = useOrderTracker(tracked?.id ?? null)
  // Whether the tracked order waits on the member turns on their documents' states.
  const credentials = useCredentials(tracked !== null && tracker.data?.DOCS === false)
  useRequestStatusStream()
  const [tab, setTab] = useState<TabKey>('pendingRequests')
  const [search, setSearch] = useState('')
  const [editingId, setEditingId] = useState<string | null>(null)
  // The batch shown alone, in the address so the batch-done mail can link to it.
  const batchFilter = searchParams.get(DASHBOARD_BATCH_PARAM)?.trim().toUpperCase() || null
  const allOrders = requests.data ? ALL_TABS.flatMap((entry) => requests.data[entry.key]) : []
  const batches = batchesOf(allOrders)
  const filteredBatch = batchFilter === null ? null : (batches.get(batchFilter) ?? null)
  const found = matchesByTab(requests.data, { search, batch: batchFilter })
  const visible = found[tab]
  const isSearching = search.trim() !== '' || batchFilter !== null
  const tabs = tabsFor(requests.data)
  const foundAnywhere = tabs.some((entry) => found[entry.key].length > 0)

  function changeBatch(next: string | null) {
    setSearchParams(
      (params) => {
        if (next === null) params.delete(DASHBOARD_BATCH_PARAM)
        else params.set(DASHBOARD_BATCH_PARAM, next)
        return params
      },
      { replace: true },
    )
    openTabWithMatches({ search, batch: next })
  }

  // A search looks through every tab; when the open tab has no match, the first tab that has one opens.
  function changeSearch(next: string) {
    setSearch(next)
    openTabWithMatches({ search: next, batch: batchFilter })
  }

  function openTabWithMatches(filter: OrderFilter) {
    const results = matchesByTab(requests.data, filter)
    if (results[tab].length === 0) {
      const withMatches = tabs.find((entry) => results[entry.key].length > 0)
      if (withMatches) setTab(withMatches.key)
    }
  }

  // A search typed, or a batch linked, before the orders arrived chooses its tab once they are here.
  const hasOrders = requests.isSuccess
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the orders' first arrival re-runs the filter's choice of tab
  useEffect(() => {
    if (hasOrders && (search.trim() || batchFilter)) openTabWithMatches({ search, batch: batchFilter })
  }, [hasOrders])

  return (
    <PageFrame title="Dashboard" description={`Welcome, ${session.user?.fname ?? ''}.`}>
      {session.user?.role === 'BASEUSER' && (
        <p className="mb-3 text-sm text-slate-700">
          A customer calling back?{' '}
          <Link to={paths.jobs} className="font-semibold text-brand-600 underline">
            Search your jobs
          </Link>{' '}
          by name, phone, plate, VIN or confirmation number.
        </p>
      )}
      {tracked && (
        <p className="mb-2 text-sm text-slate-700">
          Tracking: {tracked.year} {tracked.make.manufacturerName} {tracked.model} (VIN ending {tracked.vin.slice(-4)})
        </p>
      )}
      {tracked && tracker.data && (
        <OrderTracker tracker={tracker.data} credentials={credentials.data} label="Order tracker for this order" />
      )}
      {/* One compact row of counts at every width: stacked full-size cards pushed the orders below the fold on a phone. */}
      <div className={`mt-4 grid gap-2 sm:mt-8 sm:gap-4 ${tabs.length === 4 ? 'grid-cols-4' : 'grid-cols-3'}`}>
        {tabs.map((entry) => (
          <div key={entry.key} className="rounded-lg border border-slate-200 bg-white px-3 py-2 sm:p-4">
            <p className="text-xs text-slate-600 sm:text-sm">{entry.label}</p>
            <p className="text-xl font-bold sm:text-2xl">{requests.data?.[entry.key].length ?? '–'}</p>
          </div>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-start gap-4 sm:mt-8">
        <div className="w-full max-w-md">
          <TextField
            label="Search by VIN, model or make"
            type="search"
            value={search}
            onChange={(event) => changeSearch(event.target.value)}
            hint="Searches all your orders, in every tab."
          />
        </div>
        {batches.size > 0 && (
          <label className="flex w-full max-w-xs flex-col gap-1 text-sm font-medium text-slate-800">
            Bulk batch
            <select
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900"
              value={batchFilter ?? ''}
              onChange={(event) => changeBatch(event.target.value || null)}
            >
              <option value="">All orders</option>
              {[...batches.values()].map((batch) => (
                <option key={batch.code} value={batch.code}>
                  Batch {batch.code}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {filteredBatch && (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <BatchHeading batch={filteredBatch} level="h2" />
          <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={() => changeBatch(null)}>
            Show all orders
          </button>
        </div>
      )}
      <div
        role="tablist"
        aria-label="Orders by status"
        className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200 sm:mt-6 sm:gap-2"
      >
        {tabs.map((entry) => (
          <button
            key={entry.key}
            type="button"
            role="tab"
            aria-selected={tab === entry.key}
            onClick={() => setTab(entry.key)}
            className={`whitespace-nowrap px-3 py-2 font-medium sm:px-4 ${tab === entry.key ? 'border-b-2 border-brand-600 text-brand-700' : 'text-slate-600'}`}
          >
            {entry.label}
            {isSearching && ` (${found[entry.key].length})`}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-4">
        {requests.isPending && <Spinner />}
        {requests.isError && <Alert tone="error">{requests.error.message}</Alert>}
        {requests.data && isSearching && !foundAnywhere && (
          <p className="text-slate-600">No orders match {filterWords(search, batchFilter)}.</p>
        )}
        {requests.data && isSearching && foundAnywhere && visible.length === 0 && (
          <p className="text-slate-600">No orders in this tab match {filterWords(search, batchFilter)}.</p>
        )}
        {requests.data && !isSearching && visible.length === 0 && (
          <p className="text-slate-600">
            No orders here yet.{' '}
            <Link to={paths.vehicleKeycodeRequest} className="font-semibold text-brand-600 hover:underline">
              Request a keycode
            </Link>
          </p>
        )}
        {groupsOf(visible, batchFilter === null).map((group) => {
          const batch = group.code === null ? undefined : batches.get(group.code)
          return (
            <section key={group.code ?? 'single'} aria-label={batch ? `Batch ${batch.code}` : undefined} className="mt-4 first:mt-0">
              {batch && (
                <div className="mb-2 flex flex-wrap items-center gap-3">
                  <BatchHeading batch={batch} level="h3" />
                  <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={() => changeBatch(batch.code)}>
                    Show only this batch
                  </button>
                </div>
              )}
              <ul className="grid gap-4 md:grid-cols-2">
                {group.orders.map((request) => (
                  <OrderCard
                    key={request.id}
                    request={request}
                    reports={reportsByOrder.get(request.id) ?? []}
                    isTracked={tracked?.id === request.id}
                    onTrack={() => setChosenId(request.id)}
                    isEditing={editingId === request.id}
                    onEdit={() => setEditingId(request.id)}
                    onEditDone={() => setEditingId(null)}
                  />
                ))}
              </ul>
            </section>
          )
        })}
      </div>
      {/* Below the orders, so the first order stays above the fold on a phone. */}
      <p className="mt-8 text-sm">
        <Link to={paths.bulkOrder} className="font-semibold text-brand-600 hover:underline">
          Order in bulk
        </Link>{' '}
        <span className="text-slate-600">— check a batch of vehicles and add them all to your cart at once.</span>
      </p>
      <BulkBatchesPanel />
      <ChatWidget />
    </PageFrame>
  )
}
