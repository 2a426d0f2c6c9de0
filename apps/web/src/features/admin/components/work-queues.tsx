import { Button } from '../../../components/ui/button.tsx'
import { ADMIN_FAILURES } from '../admin-error-text.ts'
import type { useAdminQueue } from '../api/use-admin-queue.ts'
import type { useQueueWork } from '../use-queue-work.tsx'
import { QueueSection } from './queue-section.tsx'

export interface WorkQueuesProps {
  pending: ReturnType<typeof useAdminQueue>
  inProgress: ReturnType<typeof useAdminQueue>
  work: ReturnType<typeof useQueueWork>
  search: string
  now: Date
  /** Narrows the queues to one bulk order's batch. */
  onShowBatch: (code: string) => void
}

/** The pending queue, whose orders an admin starts, above the orders in progress, which they release. */
export function WorkQueues({ pending, inProgress, work, search, now, onShowBatch }: WorkQueuesProps) {
  const queue = { search, now, onShowBatch }
  return (
    <>
      <QueueSection
        {...queue}
        headingId="pending-heading"
        heading="Pending requests"
        label="Pending requests"
        query={pending}
        loading="Loading pending requests..."
        failure={ADMIN_FAILURES.pending}
        empty="No pending requests."
        {...work.queueSelection('pending')}
        renderActions={(request) => (
          <Button
            isBusy={work.isStarting(request)}
            aria-label={`Start ${request.year} ${request.make} ${request.model}`}
            onClick={() => work.startOrder(request)}
          >
            Start
          </Button>
        )}
        renderDetail={work.renderPanel('pending')}
      />
      <QueueSection
        {...queue}
        headingId="in-progress-heading"
        heading="In progress"
        label="Requests in progress"
        query={inProgress}
        loading="Loading requests in progress..."
        failure={ADMIN_FAILURES.inProgress}
        empty="Nothing in progress."
        release={work.release}
        onNext={work.nextOrder}
        {...work.queueSelection('in-progress')}
        renderDetail={work.renderPanel('in-progress')}
      />
    </>
  )
}
