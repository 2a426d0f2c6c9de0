import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { ADMIN_PAGE_SIZE, type AdminPage } from '../api/admin-page.ts'
import { Pager } from './pager.tsx'

interface PagedPanelProps<Row> {
  /** The heading, which also names the pager ('Transactions' → 'Transactions pages'). */
  title: string
  query: UseQueryResult<AdminPage<Row>>
  loading: string
  failure: string
  empty: string
  offset: number
  onOffsetChange: (offset: number) => void
  /** The rows of the page, when it has any. */
  children: (rows: Row[]) => ReactNode
}

/** A dashboard list fetched a page at a time: heading, loading, failure or empty text, the rows, and the pager. */
export function PagedPanel<Row>({ title, query, loading, failure, empty, offset, onOffsetChange, children }: PagedPanelProps<Row>) {
  const headingId = useId()
  const page = query.data
  return (
    <section aria-labelledby={headingId} aria-busy={query.isFetching || undefined}>
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3">
        {query.isPending && <Spinner label={loading} />}
        {query.isError && <Alert tone="error">{failureText(query.error, failure)}</Alert>}
        {page?.rows.length === 0 && <p className="text-slate-600">{empty}</p>}
        {page && page.rows.length > 0 && children(page.rows)}
      </div>
      {page && (
        <Pager label={`${title} pages`} offset={offset} pageSize={ADMIN_PAGE_SIZE} hasMore={page.hasMore} onOffsetChange={onOffsetChange} />
      )}
    </section>
  )
}
