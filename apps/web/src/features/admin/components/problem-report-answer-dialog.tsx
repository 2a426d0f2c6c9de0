import { zodResolver } from '@hookform/resolvers/zod'
import { KEYCODE_REFUND_REASONS, REFUND_ARRIVAL_SENTENCE } from '@keydesk/contracts/keycode-refunds'
import { formatDollars } from '@keydesk/contracts/money'
import {
  type AdminProblemReport,
  ANSWER_NOTE_MAX,
  PROBLEM_ANSWER_LABELS,
  PROBLEM_DECLINE_REASON_LABELS,
  PROBLEM_DECLINE_REASONS,
  PROBLEM_REFUND_REASON,
  type ProblemAnswer,
  type ProblemDeclineReason,
  type ProblemReportAnswerForm,
  ProblemReportAnswerFormSchema,
} from '@keydesk/contracts/problem-reports'
import { type UseFormReturn, useForm } from 'react-hook-form'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useAnswerProblemReport } from '../api/use-problem-reports.ts'

const FAILED = 'The report could not be answered. Please try again.'

const DECLINE_OPTIONS = (Object.keys(PROBLEM_DECLINE_REASON_LABELS) as ProblemDeclineReason[]).map((reason) => ({
  value: reason,
  label: PROBLEM_DECLINE_REASON_LABELS[reason],
}))

/** What each answer does to the order, said before it is chosen. */
function consequence(answer: ProblemAnswer, report: AdminProblemReport): string {
  switch (answer) {
    case 'REFUND':
      return `${formatDollars(report.order.paidCents ?? 0)} is refunded to the buyer's card and the order ends, for this reason: “${KEYCODE_REFUND_REASONS[PROBLEM_REFUND_REASON[report.reason]]}” ${REFUND_ARRIVAL_SENTENCE}`
    case 'RECHECK':
      return 'The released keycode is taken off the order and the order goes back to the pending queue for a corrected one.'
    case 'DECLINE':
      return 'The order stays as it is; the buyer is told why.'
  }
}

/** What an answer sends: a decline only with its reason. */
function answerBody(values: ProblemReportAnswerForm) {
  if (values.answer === 'DECLINE') {
    return values.declineReason === '' ? null : { answer: 'DECLINE' as const, declineReason: values.declineReason, note: values.note }
  }
  return values.answer === '' ? null : { answer: values.answer, note: values.note }
}

/** The answer chosen, what it does to the order, and for a decline its reason in the words the buyer reads. */
function AnswerChoice({ form, report }: { form: UseFormReturn<ProblemReportAnswerForm>; report: AdminProblemReport }) {
  const chosen = form.watch('answer')
  const declineReason = form.watch('declineReason')
  // A code that was never released cannot be sent back for a corrected one.
  const answers = (Object.keys(PROBLEM_ANSWER_LABELS) as ProblemAnswer[]).filter(
    (option) => option !== 'RECHECK' || report.order.status === 'FULFILLED',
  )
  return (
    <>
      <SelectField
        label="Answer"
        placeholder="Choose an answer"
        options={answers.map((option) => ({ value: option, label: PROBLEM_ANSWER_LABELS[option] }))}
        error={form.formState.errors.answer?.message}
        {...form.register('answer')}
      />
      {chosen !== '' && <p className="text-slate-600">{consequence(chosen, report)}</p>}
      {chosen === 'DECLINE' && (
        <>
          <SelectField
            label="Why it is declined"
            placeholder="Choose a reason"
            options={DECLINE_OPTIONS}
            error={form.formState.errors.declineReason?.message}
            {...form.register('declineReason')}
          />
          {declineReason !== '' && <p className="text-slate-600">The buyer reads: “{PROBLEM_DECLINE_REASONS[declineReason]}”</p>}
        </>
      )}
    </>
  )
}

/**
 * The admin's answer to one problem report (docs/decisions/027): refund, re-check or decline, always with a note the
 * buyer reads; a decline also names its reason, in the policy's words.
 */
export function ProblemReportAnswerDialog({
  report,
  onClose,
  onAnswered,
}: {
  report: AdminProblemReport | null
  onClose: () => void
  onAnswered: (message: string) => void
}) {
  const answer = useAnswerProblemReport()
  const form = useForm<ProblemReportAnswerForm>({
    resolver: zodResolver(ProblemReportAnswerFormSchema),
    defaultValues: { answer: '', declineReason: '', note: '' },
  })
  const chosen = form.watch('answer')

  const close = () => {
    answer.reset()
    form.reset()
    onClose()
  }
  const submit = form.handleSubmit((values) => {
    const body = answerBody(values)
    if (!report || !body) return
    answer.mutate(
      { id: report.id, ...body },
      {
        onSuccess: (result) => {
          close()
          onAnswered(result.message)
        },
      },
    )
  })

  return (
    <Dialog isOpen={report !== null} title="Answer the problem report" onClose={close}>
      {report && (
        <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
          <p>
            {report.order.year} {report.order.make} {report.order.model} (VIN ending {report.order.vin.slice(-4)})
            {report.order.confirmationNumber && `, order ${report.order.confirmationNumber}`}
          </p>
          <AnswerChoice form={form} report={report} />
          <FieldShell label="Note to the buyer" error={form.formState.errors.note?.message} hint="Shown in the e-mail and on the order.">
            {(control) => (
              <textarea {...control} rows={3} maxLength={ANSWER_NOTE_MAX} className={controlClass} {...form.register('note')} />
            )}
          </FieldShell>
          {answer.isError && <Alert tone="error">{failureText(answer.error, FAILED)}</Alert>}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant={chosen === 'REFUND' ? 'danger' : 'primary'} isBusy={answer.isPending}>
              Send answer
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
