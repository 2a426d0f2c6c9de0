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

/** After sign-in the answer already carries the user; no need to ask again. */
export function setSessionUser(queryClient: QueryClient, user: UserView | null) {
  setSessionHint(user !== null)
  queryClient.setQueryData(sessionQueryKey, user)
}

/** Ends the session in the page: no user, and nothing cached from the signed-in user's calls. */
export function clearSession(queryClient: QueryClient) {
  setSessionUser(queryClient, null)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] })
}
