import { useState } from 'react'
import { useLocation } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import type { NoticeState } from '../../features/session/notice-state.ts'

function readNotice(state: unknown): NoticeState | null {
  const notice = state as Partial<NoticeState> | null
  if (typeof notice?.notice !== 'string') return null
  return { notice: notice.notice, tone: notice.tone === 'success' ? 'success' : 'warning' }
}

/** Shows the message a guard or screen left when it sent the user here (e.g. access denied). */
export function RouteNotice() {
  const location = useLocation()
  const [dismissedKey, setDismissedKey] = useState<string | null>(null)
  const notice = readNotice(location.state)
  if (!notice || dismissedKey === location.key) return null
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      <Alert tone={notice.tone} onDismiss={() => setDismissedKey(location.key)}>
        {notice.notice}
      </Alert>
    </div>
  )
}
