import { zodResolver } from '@hookform/resolvers/zod'
import {
  PROBLEM_MESSAGE_MAX,
  PROBLEM_REASONS,
  type ProblemReason,
  type ProblemReportCreated,
  type ProblemReportForm,
  ProblemReportFormSchema,
} from '@keydesk/contracts/problem-reports'
import type { UseMutationResult } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { failureText } from '../../../lib/api-client.ts'
import type { NewProblemReport } from '../api/use-problem-reports.ts'

const FAILED = 'Your report could not be sent. Check your connection and try again.'

/** A new problem report: what went wrong, among the reasons still open to this order, and what happened. */
export function ReportProblemDialog({
  isOpen,
  title,
  reasons,
  report,
  onClose,
  onSent,
}: {
  isOpen: boolean
  /** The order in words, for the dialog's title. */
  title: string
  reasons: ProblemReason[]
  report: UseMutationResult<ProblemReportCreated, Error, NewProblemReport>
  onClose: () => void
  onSent: (message: string) => void
}) {
  const form = useForm<ProblemReportForm>({ resolver: zodResolver(ProblemReportFormSchema), defaultValues: { reason: '', message: '' } })

  const close = () => {
    report.reset()
    form.reset()
    onClose()
  }
  const submit = form.handleSubmit(({ reason, message }) => {
    if (reason === '') return
    report.mutate(
      { reason, message },
      {
        onSuccess: (answer) => {
          close()
          onSent(answer.message)
        },
      },
    )
  })
  const failure = failureText(report.error, FAILED)

  return (
    <Dialog isOpen={isOpen} title={`Report a problem: ${title}`} onClose={close}>
      <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
        <SelectField
          label="What went wrong"
          placeholder="Choose what went wrong"
          options={reasons.map((reason) => ({ value: reason, label: PROBLEM_REASONS[reason] }))}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <FieldShell label="What happened" error={form.formState.errors.message?.message} hint="Tell us what you saw; we answer by e-mail.">
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
  )
}
