import { MeAnswerSchema, type UserView } from '@keydesk/contracts/auth'
import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client.ts'

/** The one cache entry holding the signed-in user (null for a visitor). */
export const sessionQueryKey = ['session', 'me'] as const

/**
 * Spec 4: on load the current user is fetched; on any failure the session is cleared. The access
 * cookie is HttpOnly, so the page cannot look for it: it asks, and a visitor's 401 means signed out.
 */
export async function fetchSessionUser(): Promise<UserView | null> {
  try {
    const answer = await apiRequest('/auth/me', { schema: MeAnswerSchema, onUnauthorized: 'silent' })
    return answer.user
  } catch {
    return null
  }
}

/** After sign-in the answer already carries the user; no need to ask again. */
export function setSessionUser(queryClient: QueryClient, user: UserView | null) {
  queryClient.setQueryData(sessionQueryKey, user)
}

/** Ends the session in the page: no user, and nothing cached from the signed-in user's calls. */
export function clearSession(queryClient: QueryClient) {
  setSessionUser(queryClient, null)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] })
}
