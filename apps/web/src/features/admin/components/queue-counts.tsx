import type { AdminPage } from '../api/admin-page.ts'
import type { useAdminQueue, useQueueCounts } from '../api/use-admin-queue.ts'

/** The API sends no total: the count is what the pages so far hold, with '+' while a next page exists. */
function countSoFar(page: AdminPage<unknown> | undefined, offset: number): string {
  if (!page) return '–'
  return `${offset + page.rows.length}${page.hasMore ? '+' : ''}`
}

/** How many of these queued orders are past their deadline now. */
const overdueOf = (rows: { dueAt: string }[] | undefined, now: Date) =>
  rows?.filter((row) => new Date(row.dueAt).getTime() < now.getTime()).length

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

export interface QueueCountsProps {
  search: string
  pending: ReturnType<typeof useAdminQueue>
  inProgress: ReturnType<typeof useAdminQueue>
  counts: ReturnType<typeof useQueueCounts>
  transactions: AdminPage<unknown> | undefined
  transactionOffset: number
  now: Date
}

/** A search narrows the queues below, and the counts with them: they say what the search found. */
export function QueueCounts({ search, pending, inProgress, counts, transactions, transactionOffset, now }: QueueCountsProps) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
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
      <Count label="Transactions" value={countSoFar(transactions, transactionOffset)} />
    </dl>
  )
}
