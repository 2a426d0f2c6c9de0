import {
  type SupportAnswerBody,
  type SupportConversationChange,
  SupportInboxPageSchema,
  type SupportInboxQuery,
  SupportInboxThreadSchema,
  SupportMetricsSchema,
} from '@keydesk/contracts/support-inbox'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { supportInboxKeys } from './support-inbox-keys.ts'

/** The inbox refreshes on its own: a new conversation shows within this time. */
const INBOX_REFRESH_MS = 30_000

const searchOf = (query: SupportInboxQuery) =>
  new URLSearchParams(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])))

/** One page of the inbox, the soonest deadline first. */
export function useSupportInbox(query: SupportInboxQuery) {
  return useQuery({
    queryKey: supportInboxKeys.inbox(query),
    queryFn: ({ signal }) => apiRequest(`/admin/support/conversations?${searchOf(query)}`, { schema: SupportInboxPageSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_REFRESH_MS,
  })
}

export function useSupportThread(id: string | null) {
  return useQuery({
    queryKey: supportInboxKeys.thread(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/support/conversations/${encodeURIComponent(id ?? '')}`, { schema: SupportInboxThreadSchema, signal }),
    enabled: id !== null,
  })
}

export function useSupportMetrics() {
  return useQuery({
    queryKey: supportInboxKeys.metrics(),
    queryFn: ({ signal }) => apiRequest('/admin/support/metrics', { schema: SupportMetricsSchema, signal }),
  })
}

export function useAnswerConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: SupportAnswerBody & { id: string }) =>
      apiRequest(`/admin/support/conversations/${encodeURIComponent(id)}/answers`, {
        method: 'POST',
        body,
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportInboxKeys.all }),
  })
}

export function useChangeConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...change }: SupportConversationChange & { id: string }) =>
      apiRequest(`/admin/support/conversations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
        schema: SupportInboxThreadSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportInboxKeys.all }),
  })
}
