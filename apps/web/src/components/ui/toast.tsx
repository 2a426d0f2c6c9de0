import { MESSAGE_DISPLAY_MS } from '@keydesk/contracts/limits'
import { useEffect, useRef } from 'react'
import { Alert } from './alert.tsx'

export interface ToastProps {
  message: string
  tone?: 'error' | 'success' | 'info'
  /** docs/product.md, 'Constants': messages show for 5 seconds by default (3 for the portal copy result). */
  durationMs?: number
  onClose: () => void
}

/** A message that closes itself after `durationMs`; it can also be dismissed at once. */
export function Toast({ message, tone = 'info', durationMs = MESSAGE_DISPLAY_MS, onClose }: ToastProps) {
  // Pages pass a new onClose on every render (a ticking clock, a refetch); the timer must not restart with each one,
  // or a message on a busy page never goes away.
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message starts its own full time on screen
  useEffect(() => {
    const timer = setTimeout(() => onCloseRef.current(), durationMs)
    return () => clearTimeout(timer)
  }, [durationMs, message])
  return (
    <div className="fixed right-4 bottom-4 z-50 w-80 max-w-[calc(100vw-2rem)] shadow-lg">
      <Alert tone={tone} onDismiss={onClose}>
        {message}
      </Alert>
    </div>
  )
}
