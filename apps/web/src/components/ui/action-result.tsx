import { type ReactNode, useEffect, useRef } from 'react'
import { Alert } from './alert.tsx'

/**
 * The result of what the person just did (saved, uploaded, signed out, created): focus lands on it rather than staying
 * on a button that may be gone or falling to the page body, so a screen reader reads it and the keyboard goes on from
 * there. A new result takes the focus again.
 */
export function ActionResult({
  tone,
  children,
  onDismiss,
}: {
  tone: 'success' | 'error' | 'info'
  children: ReactNode
  onDismiss?: () => void
}) {
  const ref = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message takes the focus again
  useEffect(() => {
    ref.current?.focus()
  }, [children])
  return (
    <div ref={ref} tabIndex={-1} className="rounded-md focus:outline-2 focus:outline-brand-600">
      <Alert tone={tone} onDismiss={onDismiss}>
        {children}
      </Alert>
    </div>
  )
}
