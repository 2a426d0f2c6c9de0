import { AdminUserListSchema, ComplianceDocumentSchema, UserHistoryEntrySchema } from '@keydesk/contracts/admin'
import { DATA_ARCHIVE_MESSAGES } from '@keydesk/contracts/data-archive'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiDownload, apiRequest } from '../../../lib/api-client.ts'
import { adminKeys } from './admin-keys.ts'
import { ADMIN_PAGE_SIZE, toAdminPage } from './admin-page.ts'

const MessageAnswer = z.object({ message: z.string() })

/** One page of registered users, newest first, searched by name, e-mail, phone or company when `search` is set. */
export function useAdminUsers(search = '', offset = 0) {
  return useQuery({
    queryKey: adminKeys.users(search, offset),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE + 1), offset: String(offset) })
      if (search) params.set('search', search)
      return toAdminPage(await apiRequest(`/admin/users?${params}`, { schema: AdminUserListSchema, signal }))
    },
    placeholderData: keepPreviousData,
  })
}

export function useUserAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: URLSearchParams }) =>
      apiRequest(path, { method: 'PATCH', body, schema: MessageAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

/**
 * docs/decisions/035: an admin closes a member's account (purged ACCOUNT_DATA_KEEP_DAYS later unless restored); a
 * super admin deletes one at once on the owner's verified request, or downloads its data archive. Each gives a reason.
 */
export function useAccountAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ kind, userId, reason }: { kind: 'close' | 'purge' | 'archive'; userId: string; reason: string }) => {
      const id = encodeURIComponent(userId)
      if (kind === 'archive') {
        await apiDownload(`/super-admin/users/${id}/data-archive`, { body: { reason } })
        return { message: DATA_ARCHIVE_MESSAGES.memberArchiveDownloaded }
      }
      const path = kind === 'close' ? `/admin/users/${id}/close` : `/super-admin/users/${id}/purge`
      return apiRequest(path, { method: 'POST', body: { reason }, schema: MessageAnswer })
    },
    onSuccess: (_answer, { kind }) => {
      if (kind !== 'archive') return queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
}

export function useUserHistory(email: string | null) {
  return useQuery({
    queryKey: adminKeys.history(email),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/user-history?email=${encodeURIComponent(email ?? '')}`, { schema: z.array(UserHistoryEntrySchema), signal }),
    enabled: Boolean(email),
  })
}

export function useUserDocuments(userId: string | null) {
  return useQuery({
    queryKey: adminKeys.documents(userId),
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
    // The queue's panels and the user lists show review states too, so everything of the back office is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

/** Approves several documents at once (the order panel's "Approve all"), reading the back office again once, after the last. */
export function useApproveDocuments() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: string[]) =>
      Promise.all(
        ids.map((id) =>
          apiRequest(`/compliance/documents/${encodeURIComponent(id)}/review`, {
            method: 'PATCH',
            body: { verified: true, notes: '' },
            schema: MessageAnswer,
          }),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
