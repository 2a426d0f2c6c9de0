import {
  PROBLEM_REASONS,
  PROBLEM_REPORT_STATUS_LABELS,
  type ProblemReason,
  type ProblemReportCreated,
  type ProblemReportView,
} from '@keydesk/contracts/problem-reports'
import type { RequestStatus } from '@keydesk/contracts/request-status'
import type { UseMutationResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { type NewProblemReport, useReportProblem } from '../api/use-problem-reports.ts'
import { ReportProblemDialog } from './report-problem-dialog.tsx'

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

/** The reasons this order can be reported for now: a code can only have failed once released, and each reason once. */
function reasonsFor(status: RequestStatus, reports: ProblemReportView[]): ProblemReason[] {
  const taken = new Set(reports.map((report) => report.reason))
  return (Object.keys(PROBLEM_REASONS) as ProblemReason[]).filter(
    (reason) => !taken.has(reason) && (reason !== 'CODE_DID_NOT_WORK' || status === 'FULFILLED'),
  )
}

function ReportItem({ report }: { report: ProblemReportView }) {
  return (
    <li className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
      <p className="font-semibold">
        {PROBLEM_REASONS[report.reason]} <span className="font-normal text-slate-600">· {PROBLEM_REPORT_STATUS_LABELS[report.status]}</span>
      </p>
      <p className="break-words text-slate-700">“{report.message}”</p>
      {report.status === 'OPEN' ? (
        <p className="text-slate-600">
          Reported on <time dateTime={report.createdAt}>{day(report.createdAt)}</time>; we answer by{' '}
          <time dateTime={report.reviewDueAt}>{day(report.reviewDueAt)}</time>.
        </p>
      ) : (
        <>
          {report.declineReason && <p>{report.declineReason}</p>}
          {report.answerNote && <p className="break-words">Note from our team: {report.answerNote}</p>}
        </>
      )}
    </li>
  )
}

/**
 * An order's problem reports and the way to send one (docs/decisions/027), wherever a buyer sees a paid order: the
 * member's dashboard and the guest's order link. The server decides what may be reported; its refusal is shown as sent.
 */
export function ProblemReportsSection({
  title,
  status,
  reports,
  report,
}: {
  /** The order in words, for the dialog's title. */
  title: string
  status: RequestStatus
  reports: ProblemReportView[]
  report: UseMutationResult<ProblemReportCreated, Error, NewProblemReport>
}) {
  const [isOpen, setIsOpen] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const sentRef = useRef<HTMLDivElement>(null)
  const reasons = status === 'REFUNDED' ? [] : reasonsFor(status, reports)

  useEffect(() => {
    if (sent) sentRef.current?.focus()
  }, [sent])

  return (
    <div className="mt-2 space-y-2 text-sm">
      {reports.length > 0 && (
        <ul className="space-y-2" aria-label="Problem reports">
          {reports.map((item) => (
            <ReportItem key={item.id} report={item} />
          ))}
        </ul>
      )}
      {sent && (
        <div ref={sentRef} tabIndex={-1}>
          <Alert tone="success">{sent}</Alert>
        </div>
      )}
      {reasons.length > 0 && (
        <Button variant="link" onClick={() => setIsOpen(true)}>
          Report a problem
        </Button>
      )}
      <ReportProblemDialog
        isOpen={isOpen}
        title={title}
        reasons={reasons}
        report={report}
        onClose={() => setIsOpen(false)}
        onSent={setSent}
      />
    </div>
  )
}

/** The section on a member's order card, with its own report call. */
export function MemberProblemReports(props: {
  vehicleRequestId: string
  title: string
  status: RequestStatus
  reports: ProblemReportView[]
}) {
  const report = useReportProblem(props.vehicleRequestId)
  return <ProblemReportsSection title={props.title} status={props.status} reports={props.reports} report={report} />
}
