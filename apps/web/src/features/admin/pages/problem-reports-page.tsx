import { formatDollars } from '@keydesk/contracts/money'
import {
  type AdminProblemReport,
  PROBLEM_REASONS,
  PROBLEM_REPORT_STATUS_LABELS,
  PROBLEM_REPORTS_PAGE_SIZE,
  PROBLEM_REVIEW_BUSINESS_DAYS,
  type ProblemReportStatus,
} from '@keydesk/contracts/problem-reports'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import { type ReactNode, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useProblemReports } from '../api/use-problem-reports.ts'
import { Pager } from '../components/pager.tsx'
import { ProblemReportAnswerDialog } from '../components/problem-report-answer-dialog.tsx'

const STATUSES = Object.keys(PROBLEM_REPORT_STATUS_LABELS) as ProblemReportStatus[]
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '–')

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </>
  )
}

function ReportCard({ report, onAnswer }: { report: AdminProblemReport; onAnswer: () => void }) {
  const { order, buyer } = report
  const vehicle = `${order.year} ${order.make} ${order.model}`
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">{PROBLEM_REASONS[report.reason]}</h2>
        {report.status === 'OPEN' && (
          <p className={`text-sm font-semibold ${report.overdue ? 'text-red-800' : 'text-slate-700'}`}>
            {report.overdue ? 'Overdue: answer was due ' : 'Answer by '}
            <time dateTime={report.reviewDueAt}>{when(report.reviewDueAt)}</time>
          </p>
        )}
      </div>
      <p className="mt-1 text-slate-800 [overflow-wrap:anywhere]">“{report.message}”</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <Fact label="Buyer">
          {buyer.name ?? (buyer.guest ? 'Guest' : 'Removed account')}
          {buyer.email && ` (${buyer.email})`}
        </Fact>
        <Fact label="Order">
          {order.confirmationNumber ?? '–'} · {vehicle} · <span className="font-mono">{order.vin}</span>
        </Fact>
        <Fact label="Status">{REQUEST_STATUS_LABELS[order.status]}</Fact>
        <Fact label="Paid">
          {order.paidCents !== null ? formatDollars(order.paidCents) : '–'} on {when(order.paidAt)}
        </Fact>
        <Fact label="Due">{when(order.dueAt)}</Fact>
        <Fact label="Released">{when(order.releasedAt)}</Fact>
        <Fact label="Reported">{when(report.createdAt)}</Fact>
        {report.status !== 'OPEN' && (
          <Fact label="Answer">
            {PROBLEM_REPORT_STATUS_LABELS[report.status]} on {when(report.answeredAt)}
            {report.declineReason && `: ${report.declineReason}`}
            {report.answerNote && ` Note: ${report.answerNote}`}
          </Fact>
        )}
      </dl>
      {report.status === 'OPEN' && (
        <Button className="mt-3" onClick={onAnswer}>
          Answer
        </Button>
      )}
    </li>
  )
}

/**
 * The back office's problem reports (docs/decisions/027): open ones by the policy's review clock, earliest deadline
 * first, each with its order, payment and release; answered ones by status, newest answer first.
 */
export function ProblemReportsPage() {
  const [status, setStatus] = useState<ProblemReportStatus>('OPEN')
  const [page, setPage] = useState(1)
  const reports = useProblemReports(status, page)
  const [answering, setAnswering] = useState<AdminProblemReport | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const list = reports.data

  return (
    <PageFrame
      title="Problem reports"
      description={`Buyers' reports on paid orders. Each is answered within ${PROBLEM_REVIEW_BUSINESS_DAYS} business days of its report.`}
    >
      {message && <Toast message={message} tone="success" takesFocus onClose={() => setMessage(null)} />}
      <ProblemReportAnswerDialog report={answering} onClose={() => setAnswering(null)} onAnswered={setMessage} />
      <div role="tablist" aria-label="Reports by status" className="flex gap-1 overflow-x-auto border-b border-slate-200 sm:gap-2">
        {STATUSES.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={status === entry}
            onClick={() => {
              setStatus(entry)
              setPage(1)
            }}
            className={`whitespace-nowrap px-3 py-2 font-medium sm:px-4 ${status === entry ? 'border-b-2 border-brand-600 text-brand-700' : 'text-slate-600'}`}
          >
            {PROBLEM_REPORT_STATUS_LABELS[entry]}
            {status === entry && list && ` (${list.total})`}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-4">
        {reports.isPending && <Spinner label="Loading problem reports..." />}
        {reports.isError && <Alert tone="error">{failureText(reports.error, 'Error fetching problem reports.')}</Alert>}
        {list && list.reports.length === 0 && <p className="text-slate-600">No reports here.</p>}
        {list && list.reports.length > 0 && (
          <ul className="grid gap-4 lg:grid-cols-2">
            {list.reports.map((report) => (
              <ReportCard key={report.id} report={report} onAnswer={() => setAnswering(report)} />
            ))}
          </ul>
        )}
        {list && (
          <Pager
            label="Problem report pages"
            offset={(page - 1) * PROBLEM_REPORTS_PAGE_SIZE}
            pageSize={PROBLEM_REPORTS_PAGE_SIZE}
            hasMore={page * PROBLEM_REPORTS_PAGE_SIZE < list.total}
            onOffsetChange={(offset) => setPage(offset / PROBLEM_REPORTS_PAGE_SIZE + 1)}
          />
        )}
      </div>
    </PageFrame>
  )
}
