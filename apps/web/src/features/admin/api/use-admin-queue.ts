import {
  AdminQueueCountsSchema,
  AdminRequestListSchema,
  FailedKeycodeMailListSchema,
  KeyBlankSuggestionsSchema,
  ProcessRequestAnswerSchema,
  type ProcessRequestBody,
} from '@keydesk/contracts/admin'
import { NoKeycodeAnswerSchema, type NoKeycodeBody, type SuperAdminRefundBody } from '@keydesk/contracts/keycode-refunds'
import { MINUTE_MS } from '@keydesk/contracts/time'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { adminKeys, type QueueName } from './admin-keys.ts'

/** A queue is worked from the top; new payments and other admins' starts show up within this time. */
export const QUEUE_REFRESH_MS = 30_000

/** One queue, earliest deadline first (the API's order), searched when `search` is set. */
export function useAdminQueue(which: QueueName, search = '') {
  return useQuery({
    queryKey: adminKeys.queue(which, search),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '100' })
      if (search) params.set('search', search)
      return apiRequest(`/admin/${which}-requests?${params}`, { schema: AdminRequestListSchema, signal })
    },
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  })
}

/** Each queue's size and its overdue part, for the counts above the queues. */
export function useQueueCounts() {
  return useQuery({
    queryKey: adminKeys.queueCounts(),
    queryFn: ({ signal }) => apiRequest('/admin/queue-counts', { schema: AdminQueueCountsSchema, signal }),
    refetchInterval: QUEUE_REFRESH_MS,
  })
}

const MessageAnswer = z.object({ message: z.string() })

export function useStartRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/admin/update-request-status/${encodeURIComponent(id)}`, { method: 'POST', schema: MessageAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

export function useProcessRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProcessRequestBody) =>
      apiRequest('/admin/process-request', { method: 'POST', body, schema: ProcessRequestAnswerSchema }),
    // Not awaited: the queues are read again after the caller has heard of the release. Awaiting would drop the
    // released order from the queue first, unmounting its form before its onSuccess could report the release.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
}

/** Keycode mails the outbox gave up on (decision 013), so an admin can reach the buyer another way. */
export function useFailedKeycodeMails() {
  return useQuery({
    queryKey: adminKeys.failedKeycodeMails(),
    queryFn: ({ signal }) => apiRequest('/admin/failed-keycode-mails', { schema: FailedKeycodeMailListSchema, signal }),
  })
}

/** Ends a paid order as "No keycode available" and refunds its line (docs/decisions/026). */
export function useEndWithoutKeycode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: NoKeycodeBody & { id: string }) =>
      apiRequest(`/admin/requests/${encodeURIComponent(id)}/no-keycode`, { method: 'POST', body, schema: NoKeycodeAnswerSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
}

/** POST /super-admin/requests/{id}/refund: a super admin refunds one keycode line on the policy's other grounds. */
export function useSuperAdminRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: SuperAdminRefundBody & { id: string }) =>
      apiRequest(`/super-admin/requests/${encodeURIComponent(id)}/refund`, { method: 'POST', body, schema: NoKeycodeAnswerSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
}

/** The key blanks given before for this order's make, model and year: the release form's suggestions. */
export function useKeyBlankSuggestions(requestId: string) {
  return useQuery({
    queryKey: adminKeys.keyBlanks(requestId),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/key-blanks?requestId=${encodeURIComponent(requestId)}`, { schema: KeyBlankSuggestionsSchema, signal }),
    staleTime: 5 * MINUTE_MS,
  })
}
