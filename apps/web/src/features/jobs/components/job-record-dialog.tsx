import { JOB_MESSAGES } from '@keydesk/contracts/jobs'
import { Alert } from '../../../components/ui/alert.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useJob } from '../api/use-jobs.ts'
import { JobRecordForm } from './job-record-form.tsx'

/** The job record of one request, in a dialog: loaded when it opens, empty before one is written. */
export function JobRecordDialog({
  requestId,
  title,
  isOpen,
  onClose,
}: {
  requestId: string
  title: string
  isOpen: boolean
  onClose: () => void
}) {
  const job = useJob(requestId, isOpen)
  return (
    <Dialog isOpen={isOpen} title={title} onClose={onClose}>
      {job.isPending && <Spinner label="Loading the job..." />}
      {job.isError && <Alert tone="error">{JOB_MESSAGES.fetchFailed}</Alert>}
      {job.isSuccess && <JobRecordForm requestId={requestId} job={job.data} />}
    </Dialog>
  )
}
