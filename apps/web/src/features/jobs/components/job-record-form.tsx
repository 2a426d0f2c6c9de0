import { zodResolver } from '@hookform/resolvers/zod'
import { JOB_LIMITS, JOB_MESSAGES, type JobRecord, type JobRecordBody, JobRecordBodySchema } from '@keydesk/contracts/jobs'
import { useForm } from 'react-hook-form'
import { ActionResult } from '../../../components/ui/action-result.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { controlClass, FieldShell } from '../../../components/ui/field-shell.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useSaveJob } from '../api/use-jobs.ts'

const blank = (job: JobRecord | null): JobRecordBody => ({
  customerName: job?.customerName ?? '',
  customerPhone: job?.customerPhone ?? '',
  jobAddress: job?.jobAddress ?? '',
  plate: job?.plate ?? '',
  notes: job?.notes ?? '',
})

/**
 * The job a keycode is for (docs/decisions/036): whose car, how to reach them, where, the plate and the locksmith's own
 * notes. Checked by the server's own schema before it is sent; what was typed stays in the form if saving fails.
 */
export function JobRecordForm({ requestId, job }: { requestId: string; job: JobRecord | null }) {
  const save = useSaveJob(requestId)
  const form = useForm({ resolver: zodResolver(JobRecordBodySchema), defaultValues: blank(job) })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((values) => save.mutate(values))

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Job record">
      <TextField
        label="Customer name"
        maxLength={JOB_LIMITS.customerName}
        autoComplete="off"
        error={errors.customerName?.message}
        {...form.register('customerName')}
      />
      <TextField
        label="Customer phone"
        type="tel"
        maxLength={JOB_LIMITS.customerPhone}
        autoComplete="off"
        error={errors.customerPhone?.message}
        {...form.register('customerPhone')}
      />
      <TextField
        label="Job address"
        maxLength={JOB_LIMITS.jobAddress}
        autoComplete="off"
        error={errors.jobAddress?.message}
        {...form.register('jobAddress')}
      />
      <TextField label="Plate" maxLength={JOB_LIMITS.plate} autoComplete="off" error={errors.plate?.message} {...form.register('plate')} />
      <FieldShell label="Notes" error={errors.notes?.message} hint="Only you see this record; our team sees none of it.">
        {(control) => <textarea {...control} rows={3} maxLength={JOB_LIMITS.notes} className={controlClass} {...form.register('notes')} />}
      </FieldShell>
      {save.isSuccess && <ActionResult tone="success">{JOB_MESSAGES.saved}</ActionResult>}
      {save.isError && (
        <ActionResult tone="error">
          {save.error instanceof ApiError && save.error.status < 500 ? save.error.message : JOB_MESSAGES.saveFailed}
        </ActionResult>
      )}
      <Button type="submit" isBusy={save.isPending}>
        Save job
      </Button>
    </form>
  )
}
