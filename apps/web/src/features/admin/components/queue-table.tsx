import type { AdminRequest } from '@keydesk/contracts/admin'
import { batchPlaceText } from '@keydesk/contracts/batch-place'
import { DISPUTE_HOLD_LABELS } from '@keydesk/contracts/disputes'
import { SERVICE_PLAN_LABELS } from '@keydesk/contracts/service-levels'
import { type ReactNode, useState } from 'react'
import { DataTable, type DataTableColumn, type SortDirection } from '../../../components/ui/data-table.tsx'
import { businessOf } from '../business-label.ts'
import { TimeLeft } from './time-left.tsx'

type SortKey = 'dueAt' | 'paidAt' | 'vehicle' | 'buyer' | 'plan'
interface Sort {
  key: SortKey
  direction: SortDirection
}

const vehicleOf = (request: AdminRequest) => `${request.year} ${request.make} ${request.model}`
const buyerOf = (request: AdminRequest) =>
  request.isGuest ? 'Guest' : (request.buyerName ?? request.keycodeUserEmail ?? 'Deleted account')

const SORT_VALUE: Record<SortKey, (request: AdminRequest) => string> = {
  dueAt: (request) => request.dueAt,
  paidAt: (request) => request.paidAt,
  vehicle: vehicleOf,
  buyer: (request) => buyerOf(request).toLowerCase(),
  plan: (request) => SERVICE_PLAN_LABELS[request.servicePlan],
}

function sorted(requests: AdminRequest[], sort: Sort): AdminRequest[] {
  const value = SORT_VALUE[sort.key]
  const sign = sort.direction === 'ascending' ? 1 : -1
  // Ties keep the API's order (earliest deadline first), so a sort by plan still shows the most urgent first.
  return requests
    .map((request, index) => ({ request, index }))
    .sort((a, b) => sign * value(a.request).localeCompare(value(b.request)) || a.index - b.index)
    .map(({ request }) => request)
}

const paidAtText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

function ValidationBadge({ request }: { request: AdminRequest }) {
  if (request.isGuest) return <span className="text-xs text-slate-700">identity to check</span>
  if (request.accountState === 'REVOKED') return <span className="text-xs font-medium text-red-800">account revoked</span>
  return request.isValidatedUser ? (
    <span className="text-xs font-medium text-green-800">validated</span>
  ) : (
    <span className="text-xs font-medium text-red-800">not validated</span>
  )
}

/** An order a dispute holds is marked in its row, so no admin works on it expecting to release it. */
function DisputeMark({ request }: { request: AdminRequest }) {
  if (!request.disputeHold) return null
  return (
    <span className="ml-1 inline-block rounded bg-red-100 px-1 text-xs font-medium text-red-900">
      {DISPUTE_HOLD_LABELS[request.disputeHold]}
    </span>
  )
}

/** A bulk order's request says where it sits in its batch; the label shows the whole batch when it can. */
function BatchLabel({ place, onShowBatch }: { place: NonNullable<AdminRequest['batch']>; onShowBatch?: (code: string) => void }) {
  const text = batchPlaceText(place)
  if (!onShowBatch) return <span className="block text-xs font-normal text-slate-700">{text}</span>
  return (
    <button
      type="button"
      aria-label={`${text}: show this batch only`}
      onClick={(event) => {
        event.stopPropagation()
        onShowBatch(place.code)
      }}
      className="block text-left text-xs font-normal text-brand-700 underline hover:text-brand-600"
    >
      {text}
    </button>
  )
}

interface QueueColumnsOptions {
  now: Date
  sortBy: (key: SortKey) => NonNullable<DataTableColumn<AdminRequest>['sort']>
  onShowBatch?: (code: string) => void
  renderActions?: (request: AdminRequest) => ReactNode
}

function queueColumns({ now, sortBy, onShowBatch, renderActions }: QueueColumnsOptions): DataTableColumn<AdminRequest>[] {
  return [
    {
      header: 'Vehicle',
      labelled: false,
      className: 'font-medium',
      sort: sortBy('vehicle'),
      cell: (request) => (
        <>
          {vehicleOf(request)}
          {request.batch && <BatchLabel place={request.batch} onShowBatch={onShowBatch} />}
        </>
      ),
    },
    { header: 'VIN', className: 'break-all font-mono text-xs', cell: (request) => request.vin },
    {
      header: 'Buyer',
      sort: sortBy('buyer'),
      cell: (request) => (
        <>
          <span className="break-all">{buyerOf(request)}</span> <ValidationBadge request={request} />
          {request.business && <span className="block text-xs text-slate-600">{businessOf(request.business)}</span>}
          <DisputeMark request={request} />
        </>
      ),
    },
    {
      header: 'Plan',
      sort: sortBy('plan'),
      cell: (request) => (request.isGuest ? 'Guest' : SERVICE_PLAN_LABELS[request.servicePlan]),
    },
    { header: 'Paid', className: 'whitespace-nowrap', sort: sortBy('paidAt'), cell: (request) => paidAtText(request.paidAt) },
    { header: 'Time left', sort: sortBy('dueAt'), cell: (request) => <TimeLeft request={request} now={now} /> },
    {
      header: 'Assignee',
      cell: (request) => (request.startedBy ? request.startedBy.name : <span className="text-slate-700">Unassigned</span>),
    },
    { header: 'Actions', labelled: false, className: 'pt-2', actsAlone: true, cell: (request) => renderActions?.(request) },
  ]
}

export interface QueueTableProps {
  /** Names the table for assistive technology, e.g. 'Pending requests'. */
  label: string
  requests: AdminRequest[]
  now: Date
  /** The quick actions of a row (Start); they do not select the row. */
  renderActions?: (request: AdminRequest) => ReactNode
  /** What the selected request shows below the table: documents, the keycode form. */
  renderDetail: (request: AdminRequest) => ReactNode
  /** False while something else holds the panel (a release just confirmed), so no other order opens by itself. */
  showDetail?: boolean
  /** Narrows the queues to one bulk order's batch, from a request's batch label. */
  onShowBatch?: (code: string) => void
  /** The open row, when the page chooses it too (an order just started opens in its new queue); the first row else. */
  selectedId?: string | null
  onSelect?: (id: string) => void
}

/**
 * A queue as a dense table (decision 016): earliest deadline first unless a header sorts it otherwise, rows reached
 * with Tab and moved through with the arrow keys, Enter or a click opening a row's details below. Under 768 px
 * the same rows are laid out as a list of cards.
 */
export function QueueTable({
  label,
  requests,
  now,
  renderActions,
  renderDetail,
  showDetail = true,
  onShowBatch,
  selectedId: chosenId,
  onSelect,
}: QueueTableProps) {
  const [sort, setSort] = useState<Sort>({ key: 'dueAt', direction: 'ascending' })
  const [ownSelectedId, setOwnSelectedId] = useState<string | null>(null)
  const selectedId = chosenId === undefined ? ownSelectedId : chosenId
  const rows = sorted(requests, sort)
  const selected = rows.find((request) => request.id === selectedId) ?? rows[0]

  const sortBy = (key: SortKey) => ({
    direction: sort.key === key ? sort.direction : undefined,
    onSort: () =>
      setSort((current) =>
        current.key === key
          ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
          : { key, direction: 'ascending' },
      ),
  })

  return (
    <>
      <div className="mt-3">
        <DataTable
          label={label}
          rows={rows}
          rowKey={(request) => request.id}
          columns={queueColumns({ now, sortBy, onShowBatch, renderActions })}
          selection={{
            selectedKey: selected?.id,
            onSelect: (request) => {
              setOwnSelectedId(request.id)
              onSelect?.(request.id)
            },
            rowLabel: (request) => `${vehicleOf(request)}, VIN ${request.vin}`,
          }}
        />
      </div>
      {selected && showDetail && (
        <section aria-label={`Details: ${vehicleOf(selected)}`} className="mt-3 rounded-lg border border-brand-600 bg-white p-4">
          {renderDetail(selected)}
        </section>
      )}
    </>
  )
}
