import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'
import { useRequestStatusStream } from '../../../lib/use-request-status-stream.ts'
import { bulkKeys } from '../../bulk-order/api/use-bulk-order.ts'
import { BulkBatchesPanel } from '../../bulk-order/components/bulk-batches-panel.tsx'
import { ChatWidget } from '../../chat/components/chat-widget.tsx'
import { useMemberProblemReports } from '../../problem-reports/api/use-problem-reports.ts'
import { useCredentials } from '../../profile/api/use-credentials.ts'
import { useSession } from '../../session/use-session.ts'
import { teamKeys } from '../../team/api/use-team.ts'
import { useOrderTracker, useUserRequests } from '../api/use-user-requests.ts'
import { userRequestKeys } from '../api/user-request-keys.ts'
import { OrderFilters } from '../components/order-filters.tsx'
import { OrderTabList } from '../components/order-tab-list.tsx'
import { OrderTabPanel } from '../components/order-tab-panel.tsx'
import { OrderTracker } from '../components/order-tracker.tsx'
import { reportsOfOrders, trackedOrder } from '../dashboard-orders.ts'
import { useOrderFilter } from '../use-order-filter.ts'

/** The member dashboard (docs/product.md, 'Screens and routes (web)' and 'Member area, chat and support'). */
/**
 * The lists a status event moves: the member's orders, the batch an order may belong to, and, on an Enterprise
 * owner's or manager's stream, the business's orders (docs/decisions/039).
 */
const DASHBOARD_STATUS_LISTS = [userRequestKeys.all, bulkKeys.all, teamKeys.everyOrderList] as const

export function UserDashboardPage() {
  const session = useSession()
  const requests = useUserRequests()
  const problemReports = useMemberProblemReports()
  const reportsByOrder = reportsOfOrders(problemReports.data?.reports ?? [])
  // The payment success page opens an order with ?order=<request id>; the tracker follows it.
  const [searchParams] = useSearchParams()
  const [chosenId, setChosenId] = useState<string | null>(() => searchParams.get('order'))
  const tracked = trackedOrder(requests.data, chosenId)
  const tracker = useOrderTracker(tracked?.id ?? null)
  // Whether the tracked order waits on the member turns on their documents' states.
  const credentials = useCredentials(tracked !== null && tracker.data?.DOCS === false)
  useRequestStatusStream(DASHBOARD_STATUS_LISTS)
  const filter = useOrderFilter(requests.data, requests.isSuccess)

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
      <div className={`mt-4 grid gap-2 sm:mt-8 sm:gap-4 ${filter.tabs.length === 4 ? 'grid-cols-4' : 'grid-cols-3'}`}>
        {filter.tabs.map((entry) => (
          <div key={entry.key} className="rounded-lg border border-slate-200 bg-white px-3 py-2 sm:p-4">
            <p className="text-xs text-slate-600 sm:text-sm">{entry.label}</p>
            <p className="text-xl font-bold sm:text-2xl">{requests.data?.[entry.key].length ?? '–'}</p>
          </div>
        ))}
      </div>
      <OrderFilters filter={filter} />
      <OrderTabList filter={filter} />
      <OrderTabPanel requests={requests} filter={filter} reportsByOrder={reportsByOrder} tracked={tracked} onTrack={setChosenId} />
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
