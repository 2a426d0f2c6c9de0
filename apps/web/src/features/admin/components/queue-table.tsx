import type { AdminRequest } from '@keydesk/contracts/admin'
import { batchPlaceText } from '@keydesk/contracts/batch-place'
import { DISPUTE_HOLD_LABELS } from '@keydesk/contracts/disputes'
import { SERVICE_PLAN_LABELS } from '@keydesk/contracts/service-levels'
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react'
import { CellLabel } from '../../../components/ui/cell-label.tsx'
import { businessOf } from '../business-label.ts'
import { TimeLeft } from './time-left.tsx'

type SortKey = 'dueAt' | 'paidAt' | 'vehicle' | 'buyer' | 'plan'
interface Sort {
  key: SortKey
  direction: 'ascending' | 'descending'
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

function SortHeader({ label, sortKey, sort, onSort }: { label: string; sortKey: SortKey; sort: Sort; onSort: (key: SortKey) => void }) {
  const isActive = sort.key === sortKey
  return (
    <th scope="col" aria-sort={isActive ? sort.direction : 'none'} className="px-2 py-2 text-left font-medium">
      <button type="button" onClick={() => onSort(sortKey)} className="inline-flex items-center gap-1 hover:text-brand-600">
        {label}
        <span aria-hidden="true" className="text-xs">
          {isActive ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  )
}

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
  const setSelectedId = (id: string) => {
    setOwnSelectedId(id)
    onSelect?.(id)
  }
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>())
  const rows = sorted(requests, sort)
  const selected = rows.find((request) => request.id === selectedId) ?? rows[0]

  function onSort(key: SortKey) {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    )
  }

  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    if (event.target !== event.currentTarget) return
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
    if (move !== 0) {
      event.preventDefault()
      const next = rows[Math.min(rows.length - 1, Math.max(0, index + move))]
      if (next) rowRefs.current.get(next.id)?.focus()
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      const row = rows[index]
      if (row) setSelectedId(row.id)
    }
  }

  return (
    <>
      <div className="mt-3 md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white">
        <table aria-label={label} className="block w-full text-sm md:table">
          <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
            <tr>
              <SortHeader label="Vehicle" sortKey="vehicle" sort={sort} onSort={onSort} />
              <th scope="col" className="px-2 py-2 text-left font-medium">
                VIN
              </th>
              <SortHeader label="Buyer" sortKey="buyer" sort={sort} onSort={onSort} />
              <SortHeader label="Plan" sortKey="plan" sort={sort} onSort={onSort} />
              <SortHeader label="Paid" sortKey="paidAt" sort={sort} onSort={onSort} />
              <SortHeader label="Time left" sortKey="dueAt" sort={sort} onSort={onSort} />
              <th scope="col" className="px-2 py-2 text-left font-medium">
                Assignee
              </th>
              <th scope="col" className="px-2 py-2 text-left font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-2 md:table-row-group md:space-y-0">
            {rows.map((request, index) => {
              const isSelected = request.id === selected?.id
              return (
                <tr
                  key={request.id}
                  ref={(element) => {
                    if (element) rowRefs.current.set(request.id, element)
                    else rowRefs.current.delete(request.id)
                  }}
                  tabIndex={0}
                  aria-selected={isSelected}
                  aria-label={`${vehicleOf(request)}, VIN ${request.vin}`}
                  onClick={() => setSelectedId(request.id)}
                  onKeyDown={(event) => onRowKey(event, index)}
                  className={`block cursor-pointer rounded-lg border bg-white p-3 focus:outline-2 focus:outline-brand-600 md:table-row md:rounded-none md:border-0 md:border-t md:p-0 ${
                    isSelected ? 'border-brand-600 md:bg-brand-50' : 'border-slate-200 hover:bg-slate-50'
                  }`}
                >
                  <td className="block font-medium md:table-cell md:px-2 md:py-2">
                    {vehicleOf(request)}
                    {request.batch && <BatchLabel place={request.batch} onShowBatch={onShowBatch} />}
                  </td>
                  <td className="block break-all font-mono text-xs md:table-cell md:px-2 md:py-2">
                    <CellLabel>VIN</CellLabel>
                    {request.vin}
                  </td>
                  <td className="block md:table-cell md:px-2 md:py-2">
                    <CellLabel>Buyer</CellLabel>
                    <span className="break-all">{buyerOf(request)}</span> <ValidationBadge request={request} />
                    {request.business && <span className="block text-xs text-slate-600">{businessOf(request.business)}</span>}
                    <DisputeMark request={request} />
                  </td>
                  <td className="block md:table-cell md:px-2 md:py-2">
                    <CellLabel>Plan</CellLabel>
                    {request.isGuest ? 'Guest' : SERVICE_PLAN_LABELS[request.servicePlan]}
                  </td>
                  <td className="block whitespace-nowrap md:table-cell md:px-2 md:py-2">
                    <CellLabel>Paid</CellLabel>
                    {paidAtText(request.paidAt)}
                  </td>
                  <td className="block md:table-cell md:px-2 md:py-2">
                    <CellLabel>Time left</CellLabel>
                    <TimeLeft request={request} now={now} />
                  </td>
                  <td className="block md:table-cell md:px-2 md:py-2">
                    <CellLabel>Assignee</CellLabel>
                    {request.startedBy ? request.startedBy.name : <span className="text-slate-700">Unassigned</span>}
                  </td>
                  {/* Buttons here act on the row without selecting it. */}
                  {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click only stops the row's own click; the buttons inside are keyboard-operable */}
                  <td className="block pt-2 md:table-cell md:px-2 md:py-2" onClick={(event) => event.stopPropagation()}>
                    {renderActions?.(request)}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {selected && showDetail && (
        <section aria-label={`Details: ${vehicleOf(selected)}`} className="mt-3 rounded-lg border border-brand-600 bg-white p-4">
          {renderDetail(selected)}
        </section>
      )}
    </>
  )
}
