import { zodResolver } from '@hookform/resolvers/zod'
import {
  PROBLEM_MESSAGE_MAX,
  PROBLEM_REASONS,
  PROBLEM_REPORT_STATUS_LABELS,
  type ProblemReason,
  type ProblemReportCreated,
  type ProblemReportForm,
  ProblemReportFormSchema,
  type ProblemReportView,
} from '@keydesk/contracts/problem-reports'
import type { RequestStatus } from '@keydesk/contracts/request-status'
import type { UseMutationResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { type NewProblemReport, useReportProblem } from '../api/use-problem-reports.ts'

const FAILED = 'Your report could not be sent. Check your connection and try again.'
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
  const form = useForm<ProblemReportForm>({ resolver: zodResolver(ProblemReportFormSchema), defaultValues: { reason: '', message: '' } })
  const reasons = status === 'REFUNDED' ? [] : reasonsFor(status, reports)

  useEffect(() => {
    if (sent) sentRef.current?.focus()
  }, [sent])

  const close = () => {
    report.reset()
    form.reset()
    setIsOpen(false)
  }
  const submit = form.handleSubmit(({ reason, message }) => {
    if (reason === '') return
    report.mutate(
      { reason, message },
      {
        onSuccess: (answer) => {
          close()
          setSent(answer.message)
        },
      },
    )
  })
  const failure = failureText(report.error, FAILED)

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
      <Dialog isOpen={isOpen} title={`Report a problem: ${title}`} onClose={close}>
        <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
          <SelectField
            label="What went wrong"
            placeholder="Choose what went wrong"
            options={reasons.map((reason) => ({ value: reason, label: PROBLEM_REASONS[reason] }))}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <FieldShell
            label="What happened"
            error={form.formState.errors.message?.message}
            hint="Tell us what you saw; we answer by e-mail."
          >
            {(control) => (
              <textarea {...control} rows={4} maxLength={PROBLEM_MESSAGE_MAX} className={controlClass} {...form.register('message')} />
            )}
          </FieldShell>
          {report.isError && <Alert tone="error">{failure}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" isBusy={report.isPending}>
              Send report
            </Button>
          </div>
        </form>
      </Dialog>
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
