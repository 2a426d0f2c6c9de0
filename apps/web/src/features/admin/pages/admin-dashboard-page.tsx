import type { AdminRequestSchema } from '@keydesk/contracts/admin'
import { useState } from 'react'
import type { z } from 'zod'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { Toast } from '../../../components/ui/toast.tsx'
import { useAdminQueue, useStartRequest } from '../api/use-admin-queue.ts'
import { KeycodeForm } from '../components/keycode-form.tsx'

type AdminRequest = z.infer<typeof AdminRequestSchema>

function RequestSummary({ request }: { request: AdminRequest }) {
  return (
    <>
      <p className="font-semibold">
        {request.year} {request.make} {request.model}
      </p>
      <p className="font-mono text-sm">{request.vin}</p>
      <p className="text-sm text-slate-600">
        {request.keycodeUserEmail ?? 'Guest'} · {request.isValidatedUser ? 'validated' : 'not validated'}
      </p>
      <div className="mt-1 flex flex-wrap gap-3 text-sm">
        {(['frontId', 'backId', 'registration', 'licenseFront', 'licenseBack'] as const).map((key) =>
          request[key] ? (
            <a
              key={key}
              className="text-brand-600 hover:underline"
              href={request[key] ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
            >
              {key}
            </a>
          ) : null,
        )}
      </div>
    </>
  )
}

/** Spec 2.7 admin dashboard: the paid request queues with Start and keycode submission. */
export function AdminDashboardPage() {
  const pending = useAdminQueue('pending')
  const inProgress = useAdminQueue('in-progress')
  const start = useStartRequest()
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  return (
    <PageFrame title="Admin Dashboard">
      {message && <Toast message={message.text} tone={message.tone} onClose={() => setMessage(null)} />}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Pending</dt>
          <dd className="text-2xl font-bold">{pending.data?.length ?? '–'}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">In progress</dt>
          <dd className="text-2xl font-bold">{inProgress.data?.length ?? '–'}</dd>
        </div>
      </dl>
      <section aria-labelledby="pending-heading" className="mt-8">
        <h2 id="pending-heading" className="text-xl font-semibold">
          Pending requests
        </h2>
        {pending.isPending && <Spinner />}
        {pending.isError && <Alert tone="error">{pending.error.message || 'Error fetching pending requests.'}</Alert>}
        {pending.data?.length === 0 && <p className="mt-2 text-slate-600">No pending requests.</p>}
        <ul className="mt-3 space-y-3">
          {pending.data?.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <RequestSummary request={request} />
              <Button
                className="mt-3"
                isBusy={start.isPending && start.variables === request.id}
                onClick={() =>
                  start.mutate(request.id, {
                    onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message }),
                    onError: (error) => setMessage({ tone: 'error', text: error.message || 'Error Update Request Status.' }),
                  })
                }
              >
                Start
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="in-progress-heading" className="mt-8">
        <h2 id="in-progress-heading" className="text-xl font-semibold">
          In progress
        </h2>
        {inProgress.isPending && <Spinner />}
        {inProgress.isError && <Alert tone="error">{inProgress.error.message || 'Error fetching In Progress requests.'}</Alert>}
        {inProgress.data?.length === 0 && <p className="mt-2 text-slate-600">Nothing in progress.</p>}
        <ul className="mt-3 space-y-3">
          {inProgress.data?.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <RequestSummary request={request} />
              <KeycodeForm vehicleId={request.id} onError={(text) => setMessage({ tone: 'error', text })} />
            </li>
          ))}
        </ul>
      </section>
    </PageFrame>
  )
}
