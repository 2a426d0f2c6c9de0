import { ActionLogActorListSchema, type ActionLogFilter, ActionLogPageSchema } from '@keydesk/contracts/action-log'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { API_BASE, apiRequest } from '../../../lib/api-client.ts'
import { superAdminKeys } from './use-super-admin.ts'

/** The filter as query parameters, leaving out what is not set. */
export function filterParams(filter: ActionLogFilter): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value)
  return params
}

/** The readable action log, newest first, a page at a time ("Show older entries" reads the next). */
export function useActionLog(filter: ActionLogFilter, pageSize: number) {
  return useInfiniteQuery({
    queryKey: superAdminKeys.actionLog(filter, pageSize),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filter)
      params.set('limit', String(pageSize))
      if (pageParam !== null) params.set('before', String(pageParam))
      return apiRequest(`/admin/action-log?${params}`, { schema: ActionLogPageSchema, signal })
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  })
}

/** The admins and super admins the actor filter offers. */
export function useActionLogActors() {
  return useQuery({
    queryKey: superAdminKeys.actionLogActors(),
    queryFn: ({ signal }) => apiRequest('/admin/action-log/actors', { schema: ActionLogActorListSchema, signal }),
  })
}

/** The CSV of the filtered log, downloaded by the browser with the session cookie. */
export const actionLogCsvAddress = (filter: ActionLogFilter) => `${API_BASE}/admin/action-log.csv?${filterParams(filter)}`
