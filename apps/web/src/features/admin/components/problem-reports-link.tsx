import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useProblemReports } from '../api/use-problem-reports.ts'

/** The way from the dashboard to the buyers' open problem reports, with how many wait. */
export function ProblemReportsLink() {
  const open = useProblemReports('OPEN', 1)
  const total = open.data?.total
  return (
    <p className="mt-4 text-sm">
      <Link to={paths.problemReports} className="font-semibold text-brand-700 underline">
        Problem reports
      </Link>{' '}
      <span className="text-slate-700">{total === undefined ? '' : total === 1 ? '1 open' : `${total} open`}</span>
    </p>
  )
}
