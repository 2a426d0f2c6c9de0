import { MESSAGE_DISPLAY_MS } from '@keydesk/contracts/limits'
import { useEffect, useRef, useState } from 'react'
import { Alert } from './alert.tsx'

export interface ToastProps {
  message: string
  tone?: 'error' | 'success' | 'info'
  /** docs/product.md, 'Constants': messages show for 5 seconds by default (3 for the portal copy result). */
  durationMs?: number
  /** The message is the result of what the person just did: focus lands on it, not on the page body. */
  takesFocus?: boolean
  onClose: () => void
}

/**
 * A message that closes itself after `durationMs`; it can also be dismissed at once. While focus is on it, it stays, so
 * nobody loses what they are reading, or their place on the page, under them.
 */
export function Toast({ message, tone = 'info', durationMs = MESSAGE_DISPLAY_MS, takesFocus = false, onClose }: ToastProps) {
  const boxRef = useRef<HTMLDivElement>(null)
  const [isFocused, setIsFocused] = useState(false)
  // Pages pass a new onClose on every render (a ticking clock, a refetch); the timer must not restart with each one,
  // or a message on a busy page never goes away.
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message starts its own full time on screen
  useEffect(() => {
    if (isFocused) return
    const timer = setTimeout(() => onCloseRef.current(), durationMs)
    return () => clearTimeout(timer)
  }, [durationMs, message, isFocused])
  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    const follow = (event: FocusEvent) =>
      setIsFocused(event.type === 'focusin' || (event.relatedTarget instanceof Node && box.contains(event.relatedTarget)))
    box.addEventListener('focusin', follow)
    box.addEventListener('focusout', follow)
    return () => {
      box.removeEventListener('focusin', follow)
      box.removeEventListener('focusout', follow)
    }
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message takes the focus again
  useEffect(() => {
    if (takesFocus) boxRef.current?.focus()
  }, [takesFocus, message])
  return (
    <div
      ref={boxRef}
      tabIndex={takesFocus ? -1 : undefined}
      className="fixed right-4 bottom-4 z-50 w-80 max-w-[calc(100vw-2rem)] shadow-lg focus:outline-2 focus:outline-brand-600"
    >
      <Alert tone={tone} onDismiss={onClose}>
        {message}
      </Alert>
    </div>
  )
}
