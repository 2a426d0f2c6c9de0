import type { MemberProblemReportList } from '@keydesk/contracts/problem-reports'
import type { VehicleRequestView } from '@keydesk/contracts/vehicle-request'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../lib/paths.ts'
import type { useUserRequests } from '../api/use-user-requests.ts'
import { filterWords, groupsOf } from '../dashboard-orders.ts'
import type { OrderFilterState } from '../use-order-filter.ts'
import { BatchHeading } from './batch-summary.tsx'
import { OrderCard } from './order-card.tsx'

export interface OrderTabPanelProps {
  requests: ReturnType<typeof useUserRequests>
  filter: OrderFilterState
  reportsByOrder: Map<string, MemberProblemReportList['reports']>
  tracked: VehicleRequestView | null
  onTrack: (id: string) => void
}

/** The open tab's orders, each batch's together under it, or what the tab says when none are shown. */
export function OrderTabPanel({ requests, filter, reportsByOrder, tracked, onTrack }: OrderTabPanelProps) {
  const [editingId, setEditingId] = useState<string | null>(null)
  const { found, tab, tabs, isSearching, search, batchFilter, batches, changeBatch } = filter
  const visible = found[tab]
  const foundAnywhere = tabs.some((entry) => found[entry.key].length > 0)
  return (
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
                  onTrack={() => onTrack(request.id)}
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
  )
}
