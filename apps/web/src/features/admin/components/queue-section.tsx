import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { failureText } from '../../../lib/api-client.ts'
import type { useAdminQueue } from '../api/use-admin-queue.ts'
import { QueueTable, type QueueTableProps } from './queue-table.tsx'
import { type Release, ReleaseConfirmation } from './release-confirmation.tsx'

interface QueueStateProps {
  query: ReturnType<typeof useAdminQueue>
  loading: string
  failure: string
  empty: string
  search: string
}

function QueueState({ query, loading, failure, empty, search }: QueueStateProps) {
  if (query.isPending) return <Spinner label={loading} />
  if (query.isError) return <Alert tone="error">{failureText(query.error, failure)}</Alert>
  if (query.data.length > 0) return null
  return <p className="mt-2 text-slate-600">{search ? `Nothing here matches “${search}”.` : empty}</p>
}

export interface QueueSectionProps
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
export function QueueSection({
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
