import type { AdminRequest } from '@keydesk/contracts/admin'
import { useEffect, useRef } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { failureText } from '../../../lib/api-client.ts'
import { useApproveDocuments, useUserDocuments } from '../api/use-admin-users.ts'
import { useShortcuts } from '../keyboard-shortcuts.ts'
import { orderVerdict, releaseReadiness } from '../release-readiness.ts'
import { BuyerAccount } from './buyer-review.tsx'
import { CollapsedDocuments } from './collapsed-documents.tsx'
import type { EnlargedDocument } from './document-image-dialog.tsx'
import { KeycodeForm } from './keycode-form.tsx'
import { NoKeycodeButton } from './no-keycode-dialog.tsx'
import { RequestFacts } from './request-summary.tsx'

const VERDICT_TONE = {
  clear: 'border-green-700 bg-green-50 text-green-900',
  asks: 'border-amber-600 bg-amber-50 text-amber-950',
  held: 'border-red-700 bg-red-50 text-red-900',
} as const

export interface OrderPanelProps {
  request: AdminRequest
  onEnlarge: (image: EnlargedDocument) => void
  /** The single-letter shortcuts act on this panel (the admin last worked in its queue), and its legend shows. */
  hasKeys: boolean
  /** A pending order's Start, also under S; an order in progress has the keycode form instead. */
  onStart?: () => void
  /** The order just started: its verdict takes the focus once, then `onArrived` says so. */
  takesFocus?: boolean
  onArrived?: () => void
  onMessage: (message: { tone: 'success' | 'error'; text: string }) => void
  onReleased?: (text: string) => void
}

/**
 * The selected order's panel (docs/product.md, 'Back office (admins and super admins)'): its verdict first, as the
 * release gate will see it; then the vehicle, the keycode field and Release, within reach on a phone; then the buyer's
 * account and, collapsed until opened, the documents. S starts a pending order, A approves every document waiting for
 * review, K goes to the keycode field; N (after a release) belongs to the release's confirmation.
 */
export function OrderPanel({ request, onEnlarge, hasKeys, onStart, takesFocus, onArrived, onMessage, onReleased }: OrderPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const verdictRef = useRef<HTMLHeadingElement>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const verdict = orderVerdict(request)
  const readiness = releaseReadiness(request)
  const canRelease = onReleased !== undefined && readiness.kind !== 'held'
  const documents = useUserDocuments(request.buyerId)
  const waiting = documents.data?.filter((document) => document.verified === null).map((document) => document.id) ?? []
  const approveAll = useApproveDocuments()

  useEffect(() => {
    if (!takesFocus) return
    verdictRef.current?.focus()
    onArrived?.()
  }, [takesFocus, onArrived])

  useEffect(() => {
    if (approveAll.isError) problemRef.current?.focus()
  }, [approveAll.isError])

  function approveWaiting() {
    if (waiting.length === 0 || approveAll.isPending) return
    // The buttons of the approved documents are gone; the verdict, read again by now, says where the order stands.
    approveAll.mutate(waiting, { onSuccess: () => verdictRef.current?.focus() })
  }

  const focusKeycode = () => panelRef.current?.querySelector<HTMLInputElement>('input[name="keycode"]')?.focus()

  useShortcuts(
    {
      ...(onStart ? { s: onStart } : {}),
      a: approveWaiting,
      ...(canRelease ? { k: focusKeycode } : {}),
    },
    hasKeys,
  )

  return (
    <div ref={panelRef}>
      <h3
        ref={verdictRef}
        tabIndex={-1}
        className={`rounded-md border-l-4 px-3 py-2 font-semibold focus:outline-2 focus:outline-brand-600 ${VERDICT_TONE[verdict.tone]}`}
      >
        {verdict.text}
      </h3>
      <div className="mt-3">
        <RequestFacts request={request} />
      </div>
      {canRelease && (
        <KeycodeForm key={request.id} request={request} onError={(text) => onMessage({ tone: 'error', text })} onReleased={onReleased} />
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {waiting.length > 0 && (
          <Button variant="secondary" aria-keyshortcuts="A" isBusy={approveAll.isPending} onClick={approveWaiting}>
            Approve all waiting documents ({waiting.length})
          </Button>
        )}
        <NoKeycodeButton request={request} onEnded={(text) => onMessage({ tone: 'success', text })} />
      </div>
      {approveAll.isError && (
        <div ref={problemRef} tabIndex={-1} className="mt-3">
          <Alert tone="error">{failureText(approveAll.error, 'The documents could not all be approved. Please try again.')}</Alert>
        </div>
      )}
      {request.buyerId && <BuyerAccount request={request} buyerId={request.buyerId} />}
      <CollapsedDocuments request={request} onEnlarge={onEnlarge} />
      {hasKeys && <ShortcutsLegend canStart={onStart !== undefined} canRelease={canRelease} />}
    </div>
  )
}

/** The panel's keys, listed where they act, so none is a secret. */
function ShortcutsLegend({ canStart, canRelease }: { canStart: boolean; canRelease: boolean }) {
  const keys = [
    ...(canStart ? [['S', 'start this order']] : []),
    ['A', 'approve all waiting documents'],
    ...(canRelease
      ? [
          ['K', 'keycode field'],
          ['N', 'next order, after a release'],
        ]
      : []),
  ]
  return (
    <section aria-label="Shortcuts" className="mt-4 border-t border-slate-200 pt-2 text-xs text-slate-700">
      <h4 className="sr-only">Shortcuts</h4>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {keys.map(([key, action]) => (
          <li key={key}>
            <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{key}</kbd> {action}
          </li>
        ))}
      </ul>
    </section>
  )
}
