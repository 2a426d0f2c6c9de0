import type { AdminRequest } from '@keydesk/contracts/admin'
import { useCallback, useState } from 'react'
import { failureText } from '../../lib/api-client.ts'
import { ADMIN_FAILURES } from './admin-error-text.ts'
import type { QueueName } from './api/admin-keys.ts'
import { type useAdminQueue, useStartRequest } from './api/use-admin-queue.ts'
import type { EnlargedDocument } from './components/document-image-dialog.tsx'
import { OrderPanel } from './components/order-panel.tsx'
import type { Release } from './components/release-confirmation.tsx'

/** A message of the dashboard; one that reports what the admin just did takes the focus (`takesFocus`). */
export type DashboardMessage = { tone: 'success' | 'error'; text: string; takesFocus?: boolean }

interface QueueWorkOptions {
  pending: ReturnType<typeof useAdminQueue>
  inProgress: ReturnType<typeof useAdminQueue>
  /** Opens a document of the order panel at full size. */
  onEnlarge: (document: EnlargedDocument) => void
}

/**
 * The admin's work through the two queues: each queue's open order, the queue whose panel has the shortcuts, an order
 * started and opened in progress, a release and moving on from it, and the message that says what happened.
 */
export function useQueueWork({ pending, inProgress, onEnlarge }: QueueWorkOptions) {
  const start = useStartRequest()
  const [message, setMessage] = useState<DashboardMessage | null>(null)
  const [release, setRelease] = useState<Release | null>(null)
  // Each queue's open order, and the queue whose panel has the shortcuts: where the admin last worked, else the first
  // queue with an order in it, as the page shows them.
  const [selected, setSelected] = useState<Partial<Record<QueueName, string>>>({})
  const [keysIn, setKeysIn] = useState<QueueName | null>(null)
  const queueWithKeys = keysIn ?? (pending.data?.length ? 'pending' : 'in-progress')
  // An order just started opens in progress with its verdict focused, once.
  const [arrived, setArrived] = useState<string | null>(null)
  // Moving on from a release, the focus goes where the work is: the verdict of whichever order the queue's table shows
  // next (it alone knows its sort), or the queue's heading when nothing is left in it.
  const [focusShown, setFocusShown] = useState(false)
  const onArrived = useCallback(() => {
    setArrived(null)
    setFocusShown(false)
  }, [])
  const nextOrder = useCallback(() => {
    const isEmpty = !(inProgress.data ?? []).some((request) => request.id !== release?.request.id)
    setRelease(null)
    if (isEmpty) document.getElementById('in-progress-heading')?.focus()
    else setFocusShown(true)
  }, [inProgress.data, release])
  const report = (next: DashboardMessage) => setMessage({ takesFocus: true, ...next })

  function startOrder(request: AdminRequest) {
    start.mutate(request.id, {
      onSuccess: (answer) => {
        setMessage({ tone: 'success', text: answer.message })
        setSelected((current) => ({ ...current, 'in-progress': request.id }))
        setKeysIn('in-progress')
        setArrived(request.id)
      },
      onError: (error) => report({ tone: 'error', text: failureText(error, ADMIN_FAILURES.updateStatus) }),
    })
  }

  const renderPanel = (which: QueueName) => (request: AdminRequest) => (
    <OrderPanel
      key={request.id}
      request={request}
      onEnlarge={onEnlarge}
      hasKeys={queueWithKeys === which}
      onMessage={report}
      {...(which === 'pending'
        ? { onStart: () => startOrder(request) }
        : {
            takesFocus: focusShown || request.id === arrived,
            onArrived,
            onReleased: (text: string) => {
              // The confirmation replaces whatever an earlier action said, so no stale toast stays beside it.
              setMessage(null)
              setRelease({ request, text })
            },
          })}
    />
  )
  const queueSelection = (which: QueueName) => ({
    selectedId: selected[which] ?? null,
    onSelect: (id: string) => setSelected((current) => ({ ...current, [which]: id })),
    onActivate: () => setKeysIn(which),
  })
  const isStarting = (request: AdminRequest) => start.isPending && start.variables === request.id

  return {
    message,
    dismissMessage: () => setMessage(null),
    report,
    release,
    nextOrder,
    startOrder,
    isStarting,
    renderPanel,
    queueSelection,
  }
}
