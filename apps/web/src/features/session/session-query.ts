import type { UserView } from '@keydesk/contracts/auth'
import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client.ts'
import { hasSessionHint, setSessionHint } from './session-hint.ts'

/** The one cache entry holding the signed-in user (null for a visitor). */
export const sessionQueryKey = ['session', 'me'] as const

/** docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Sessions: on load, when this browser has signed in, the current user is fetched; on any failure the session is cleared. */
export async function fetchSessionUser(): Promise<UserView | null> {
  if (!hasSessionHint()) return null
  try {
    const answer = await apiRequest('/auth/me', {
      schema: () => import('@keydesk/contracts/auth').then((contract) => contract.MeAnswerSchema),
      onUnauthorized: 'silent',
    })
    return answer.user
  } catch {
    setSessionHint(false)
    return null
  }
}

/**
 * Why the session ended, when the server said (a device signed out from elsewhere): kept beside the user, so the
 * guard of the page shown at that moment sends the user to /login with it. Its redirect and the session layer's race;
 * whichever lands last, the sign-in page says why.
 */
export const sessionEndNoticeKey = ['session', 'end-notice'] as const

/** After sign-in the answer already carries the user; no need to ask again. */
export function setSessionUser(queryClient: QueryClient, user: UserView | null) {
  setSessionHint(user !== null)
  if (user) queryClient.removeQueries({ queryKey: sessionEndNoticeKey, exact: true })
  queryClient.setQueryData(sessionQueryKey, user)
}

/** Ends the session in the page: no user, and nothing cached from the signed-in user's calls; `notice` says why. */
export function clearSession(queryClient: QueryClient, notice?: string) {
  if (notice) queryClient.setQueryData(sessionEndNoticeKey, notice)
  else queryClient.removeQueries({ queryKey: sessionEndNoticeKey, exact: true })
  setSessionUser(queryClient, null)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] })
}

/** The reason a session ended in this page, for the guard that sends the user to /login. */
export const sessionEndNotice = (queryClient: QueryClient): string | undefined => queryClient.getQueryData<string>(sessionEndNoticeKey)
