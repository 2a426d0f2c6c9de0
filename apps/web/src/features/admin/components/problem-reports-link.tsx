import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useQueueCounts } from '../api/use-admin-queue.ts'

/** The way from the dashboard to the buyers' open problem reports, with how many wait (read with the queue counts). */
export function ProblemReportsLink() {
  const total = useQueueCounts().data?.openProblemReports
  return (
    <p className="mt-4 text-sm">
      <Link to={paths.problemReports} className="font-semibold text-brand-700 underline">
        Problem reports
      </Link>{' '}
      <span className="text-slate-700">{total === undefined ? '' : `${total} open`}</span>
    </p>
  )
}
