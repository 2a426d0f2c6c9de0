import { AdminUserListSchema, ComplianceDocumentSchema, UserHistoryEntrySchema } from '@keydesk/contracts/admin'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

const MessageAnswer = z.object({ message: z.string() })

export function useAdminUsers() {
  return useQuery({
    queryKey: ['admin', 'users'],
    queryFn: ({ signal }) => apiRequest('/admin/users?limit=100', { schema: AdminUserListSchema, signal }),
  })
}

export function useUserAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: URLSearchParams }) =>
      apiRequest(path, { method: 'PATCH', body, schema: MessageAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
}

export function useUserHistory(email: string | null) {
  return useQuery({
    queryKey: ['admin', 'history', email],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/user-history?email=${encodeURIComponent(email ?? '')}`, { schema: z.array(UserHistoryEntrySchema), signal }),
    enabled: Boolean(email),
  })
}

export function useUserDocuments(userId: string | null) {
  return useQuery({
    queryKey: ['admin', 'documents', userId],
    queryFn: ({ signal }) =>
      apiRequest(`/compliance/documents/${encodeURIComponent(userId ?? '')}`, { schema: z.array(ComplianceDocumentSchema), signal }),
    enabled: Boolean(userId),
  })
}

export function useReviewDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, verified, notes }: { id: string; verified: boolean; notes: string }) =>
      apiRequest(`/compliance/documents/${encodeURIComponent(id)}/review`, {
        method: 'PATCH',
        body: { verified, notes },
        schema: MessageAnswer,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'documents'] }),
  })
}
