import { type BulkBatch, batchProgressText, DASHBOARD_BATCH_PARAM } from '@keydesk/contracts/bulk'
import { useState } from 'react'
import { Link } from 'react-router'
import { PageButtons } from '../../../components/ui/page-buttons.tsx'
import { API_BASE } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { BULK_BATCHES_PAGE_SIZE, useBulkBatches } from '../api/use-bulk-order.ts'

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

/** The member's batches and how far each is, on the dashboard; nothing for a member who never sent one. */
export function BulkBatchesPanel() {
  const [page, setPage] = useState(0)
  const batches = useBulkBatches(page * BULK_BATCHES_PAGE_SIZE)
  const total = batches.data?.total ?? 0
  if (total === 0) return null
  return (
    <section aria-labelledby="bulk-batches-heading" aria-busy={batches.isFetching || undefined} className="mt-8">
      <h2 id="bulk-batches-heading" className="text-xl font-semibold">
        Bulk orders
      </h2>
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {batches.data?.items.map((batch) => (
          <BatchCard key={batch.id} batch={batch} />
        ))}
      </ul>
      <PageButtons label="Bulk orders pages" page={page} pageCount={Math.ceil(total / BULK_BATCHES_PAGE_SIZE)} onPageChange={setPage} />
    </section>
  )
}

function BatchCard({ batch }: { batch: BulkBatch }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-semibold">
        Batch {batch.code} <span className="font-normal text-slate-600">· {dateOf(batch.createdAt)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-800">{batchProgressText(batch)}</p>
      <p className="text-sm text-slate-600">
        {batch.paid} paid · {batch.inProgress} in progress
      </p>
      <Link
        to={`${paths.userDash}?${DASHBOARD_BATCH_PARAM}=${encodeURIComponent(batch.code)}`}
        className="mt-2 inline-block font-semibold text-brand-600 hover:underline"
      >
        Show the orders of batch {batch.code}
      </Link>
      {batch.released > 0 ? (
        <a
          href={`${API_BASE}/bulk/batches/${batch.id}/codes.csv`}
          download
          className="mt-2 block font-semibold text-brand-600 hover:underline"
        >
          Download codes (CSV)
        </a>
      ) : (
        <p className="mt-2 text-sm text-slate-600">The codes download here once the first is released.</p>
      )}
    </li>
  )
}
