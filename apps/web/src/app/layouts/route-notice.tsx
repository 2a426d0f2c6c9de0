import { useState } from 'react'
import { useLocation } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import type { NoticeState } from '../guards.tsx'

function readNotice(state: unknown): string | null {
  const notice = (state as Partial<NoticeState> | null)?.notice
  return typeof notice === 'string' ? notice : null
}

/** Shows the message a guard or screen left when it sent the user here (e.g. access denied). */
export function RouteNotice() {
  const location = useLocation()
  const [dismissedKey, setDismissedKey] = useState<string | null>(null)
  const notice = readNotice(location.state)
  if (!notice || dismissedKey === location.key) return null
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      <Alert tone="warning" onDismiss={() => setDismissedKey(location.key)}>
        {notice}
      </Alert>
    </div>
  )
}
