import type { UserView } from '@keydesk/contracts/auth'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiRequest } from '../../lib/api-client.ts'
import { clearSession, fetchSessionUser, sessionQueryKey } from './session-query.ts'

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out'

export interface Session {
  user: UserView | null
  status: SessionStatus
  /** Asks the server again (after a profile change, a trial start...). */
  refresh: () => Promise<void>
  /** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Sessions: the server clears both cookies; the page forgets the user even if that call fails. */
  logout: () => Promise<void>
}

export function useSession(): Session {
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchSessionUser, staleTime: Number.POSITIVE_INFINITY, retry: false })

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: sessionQueryKey, exact: true })
  }, [queryClient])

  const logout = useCallback(async () => {
    // A call reaching the server after the session ends comes back refused (then tries a refresh that is refused
    // too). So the page forgets the user before the server is told: calls in flight stop, and the pages shown next
    // (home mounts while logout is in flight) see a visitor and make no signed-in call at all.
    await queryClient.cancelQueries()
    clearSession(queryClient)
    try {
      await apiRequest('/auth/logout', {
        method: 'POST',
        schema: () => import('./logout-answer.ts').then((answer) => answer.LogoutAnswerSchema),
        onUnauthorized: 'silent',
      })
    } catch {
      // The cookies may already be gone (expired session); the user still expects to be signed out here.
    }
  }, [queryClient])

  const user = query.data ?? null
  const status: SessionStatus = query.isPending ? 'loading' : user ? 'signed-in' : 'signed-out'
  return { user, status, refresh, logout }
}
