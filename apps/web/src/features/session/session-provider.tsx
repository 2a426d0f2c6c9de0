import { SESSION_MESSAGES } from '@keydesk/contracts/auth-messages'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { setSessionExpiredHandler } from '../../lib/api-client.ts'
import { loginPathFor } from './login-redirect.ts'
import type { NoticeState } from './notice-state.ts'
import { clearSession } from './session-query.ts'
import { useSession } from './use-session.ts'

/**
 * Starts the session check on load and tells the API client what an ended session means:
 * when a refresh fails the user is sent to /login (decision 005), here with a way back to where they were.
 * Lives inside the router because it navigates.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const currentPath = useRef('')
  currentPath.current = `${location.pathname}${location.search}`
  useSession()

  useEffect(
    () =>
      setSessionExpiredHandler((reason) => {
        // The server's reason when it gave one (signed out from another device), so the sign-in page says why.
        const notice = reason ?? SESSION_MESSAGES.sessionExpired
        clearSession(queryClient, notice)
        const state: NoticeState = { notice }
        navigate(loginPathFor(currentPath.current), { replace: true, state })
      }),
    [queryClient, navigate],
  )

  return children
}
