import type { AdminRequest } from '@keydesk/contracts/admin'
import { useEffect, useRef } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { useShortcuts } from '../keyboard-shortcuts.ts'

export interface Release {
  request: AdminRequest
  /** What the release did, e.g. 'Released K4512 for KD-Y9E8U5GSWZ: mail queued to pat@example.com'. */
  text: string
}

/**
 * The order just released stays in view with what happened to it until the admin moves on, with the button or the N
 * key: the queue never slides to the next order's keycode form by itself.
 */
export function ReleaseConfirmation({ release, onNext }: { release: Release; onNext: () => void }) {
  const panelRef = useRef<HTMLElement>(null)
  const { request } = release

  useEffect(() => {
    panelRef.current?.focus()
  }, [])

  // N works wherever typing is not going on, so an "n" typed in a field never moves the queue on.
  useShortcuts({ n: onNext })

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby="release-confirmation-heading"
      className="mt-3 rounded-lg border border-green-700 bg-green-50 p-4 focus:outline-2 focus:outline-green-700"
    >
      <h3 id="release-confirmation-heading" className="font-semibold text-green-900">
        Keycode released
      </h3>
      <p role="status" className="mt-1 break-words text-green-900">
        {release.text}
      </p>
      <p className="mt-1 text-sm text-slate-800">
        {request.year} {request.make} {request.model} · <span className="font-mono">{request.vin}</span>
      </p>
      <Button className="mt-3" aria-keyshortcuts="N" onClick={onNext}>
        Next order (N)
      </Button>
    </section>
  )
}
