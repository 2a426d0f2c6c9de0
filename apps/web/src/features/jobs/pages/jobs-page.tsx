import { JOB_LIMITS, JOB_MESSAGES, type JobListEntry } from '@keydesk/contracts/jobs'
import { REQUEST_STATUS_LABELS } from '@keydesk/contracts/request-status'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageButtons } from '../../../components/ui/page-buttons.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../lib/paths.ts'
import { useJobs } from '../api/use-jobs.ts'
import { JobRecordDialog } from '../components/job-record-dialog.tsx'

const present = (parts: (string | null)[]) => parts.filter(Boolean).join(' · ')

function JobCard({ job, onEdit }: { job: JobListEntry; onEdit: () => void }) {
  const { order } = job
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{job.customerName ?? 'Customer not named'}</h2>
        <p className="text-sm text-slate-600">{new Date(job.updatedAt).toLocaleDateString()}</p>
      </div>
      <p className="text-sm text-slate-700">{present([job.customerPhone, job.jobAddress, job.plate && `Plate ${job.plate}`])}</p>
      <p className="mt-1 text-sm text-slate-700">
        {order.year} {order.make} {order.model} · <span className="break-all font-mono">{order.vin}</span>
      </p>
      <p className="text-sm text-slate-700">
        {present([
          order.paid ? REQUEST_STATUS_LABELS[order.status] : 'In the cart, not paid',
          order.confirmationNumber,
          order.keyBlank && `Key blank ${order.keyBlank}`,
          order.transponder && `Transponder ${order.transponder}`,
        ])}
      </p>
      {job.notes && <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{job.notes}</p>}
      <div className="mt-2 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onEdit}>
          Edit job
        </Button>
        <Link to={`${paths.userDash}?order=${job.requestId}`} className="self-center text-sm font-semibold text-brand-600 underline">
          Open the order
        </Link>
      </div>
    </li>
  )
}

/**
 * docs/decisions/036: the member's jobs, found again by the customer's name, the phone's last digits, the plate, the
 * VIN's end or the confirmation number, so a customer who calls back years later is found in seconds.
 */
export function JobsPage() {
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const [editing, setEditing] = useState<JobListEntry | null>(null)
  const jobs = useJobs(search, page + 1)
  const searchId = useId()

  const find = (event: FormEvent) => {
    event.preventDefault()
    setSearch(typed.trim())
    setPage(0)
  }

  return (
    <PageFrame title="Jobs" description="The job behind each keycode: whose car, where, and your notes. Only you see them.">
      <form onSubmit={find} aria-label="Find a job" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            Customer name, phone, plate, VIN or confirmation number
          </label>
          <input
            id={searchId}
            type="search"
            value={typed}
            maxLength={JOB_LIMITS.search}
            onChange={(event) => setTyped(event.target.value)}
            className="w-full rounded-md border border-slate-300 p-2"
          />
        </div>
        <Button type="submit">Find</Button>
      </form>
      <div className="mt-6" aria-live="polite">
        {jobs.isPending && <Spinner label="Loading your jobs..." />}
        {jobs.isError && <Alert tone="error">{JOB_MESSAGES.fetchFailed}</Alert>}
        {jobs.data && jobs.data.jobs.length === 0 && (
          <p className="text-slate-600">
            {search ? `No job matches "${search}".` : 'No jobs yet: record one from an order on your dashboard.'}
          </p>
        )}
        {jobs.data && jobs.data.jobs.length > 0 && (
          <>
            <p className="mb-3 text-sm text-slate-600">
              {jobs.data.total} job{jobs.data.total === 1 ? '' : 's'}
              {search ? ` found for "${search}"` : ''}
            </p>
            <ul className="space-y-3">
              {jobs.data.jobs.map((job) => (
                <JobCard key={job.requestId} job={job} onEdit={() => setEditing(job)} />
              ))}
            </ul>
            <PageButtons label="Job pages" page={page} pageCount={Math.ceil(jobs.data.total / jobs.data.pageSize)} onPageChange={setPage} />
          </>
        )}
      </div>
      {editing && (
        <JobRecordDialog
          requestId={editing.requestId}
          title={`Job: ${editing.order.year} ${editing.order.make} ${editing.order.model}`}
          isOpen
          onClose={() => setEditing(null)}
        />
      )}
    </PageFrame>
  )
}
