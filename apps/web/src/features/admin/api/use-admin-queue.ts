import { AdminRequestListSchema, FailedKeycodeMailListSchema, type ProcessRequestBody } from '@keydesk/contracts/admin'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

export function useAdminQueue(which: 'pending' | 'in-progress') {
  return useQuery({
    queryKey: ['admin', which],
    queryFn: ({ signal }) => apiRequest(`/admin/${which}-requests?limit=100`, { schema: AdminRequestListSchema, signal }),
  })
}

const MessageAnswer = z.object({ message: z.string() })

export function useStartRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/admin/update-request-status/${encodeURIComponent(id)}`, { method: 'POST', schema: MessageAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}

export function useProcessRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProcessRequestBody) => apiRequest('/admin/process-request', { method: 'POST', body, schema: MessageAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}

/** Keycode mails the outbox gave up on (decision 013), so an admin can reach the buyer another way. */
export function useFailedKeycodeMails() {
  return useQuery({
    queryKey: ['admin', 'failed-keycode-mails'],
    queryFn: ({ signal }) => apiRequest('/admin/failed-keycode-mails', { schema: FailedKeycodeMailListSchema, signal }),
  })
}
