import { AdminAccountListSchema, DecidedAdminListSchema } from '@keydesk/contracts/accounts-api'
import type { ActionLogFilter } from '@keydesk/contracts/action-log'
import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { DEFAULT_PAGE_SIZE } from '@keydesk/contracts/limits'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** Every query key of the super admin dashboard, from one place: a decision invalidates `superAdminKeys.all`. */
export const superAdminKeys = {
  all: ['super-admin'] as const,
  admins: (which: 'pending' | 'approved') => ['super-admin', which] as const,
  decided: (search: string, offset: number) => ['super-admin', 'decided', search, offset] as const,
  actionLog: (filter: ActionLogFilter, pageSize: number) => ['super-admin', 'action-log', filter, pageSize] as const,
  actionLogActors: () => ['super-admin', 'action-log-actors'] as const,
  paymentProblems: () => ['super-admin', 'payment-problems'] as const,
}

/** docs/product.md, 'The API contract' ('Super admin') names the acting super admin by e-mail on every call; the server checks it is the signed-in one. */
export function useAdminAccounts(which: 'pending' | 'approved', superAdminEmail: string) {
  return useQuery({
    queryKey: superAdminKeys.admins(which),
    queryFn: ({ signal }) =>
      apiRequest(`/admin-approval/${which}?superAdminEmail=${encodeURIComponent(superAdminEmail)}`, {
        schema: AdminAccountListSchema,
        signal,
      }),
  })
}

/** One page of rejected and revoked admins; the server searches them, as it does the other back-office lists. */
export function useDecidedAdmins(superAdminEmail: string, search: string, offset: number) {
  return useQuery({
    queryKey: superAdminKeys.decided(search, offset),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ superAdminEmail, limit: String(DEFAULT_PAGE_SIZE), offset: String(offset) })
      if (search.trim()) query.set('search', search.trim())
      return apiRequest(`/admin-approval/rejected?${query.toString()}`, { schema: DecidedAdminListSchema, signal })
    },
    placeholderData: keepPreviousData,
  })
}

export function useDecideAdmin(superAdminEmail: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ adminId, approve, notes }: { adminId: string; approve: boolean; notes?: string }) =>
      apiRequest(approve ? '/admin-approval/approve' : '/admin-approval/reject', {
        method: 'POST',
        body: approve ? { superAdminEmail, adminId, approvalNotes: notes } : { superAdminEmail, adminId, rejectionNotes: notes },
        schema: MessageAnswerSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: superAdminKeys.all }),
  })
}

export function useSendAdminCode() {
  return useMutation({
    mutationFn: (body: { email: string; firstName: string; lastName: string }) =>
      apiRequest('/admin-registration-code/request', { method: 'POST', body, schema: MessageAnswerSchema }),
  })
}

export function useCreateSuperAdmin() {
  return useMutation({
    mutationFn: (values: Record<string, string>) =>
      apiRequest(`/super-admin/create?${new URLSearchParams(values).toString()}`, { method: 'POST', schema: MessageAnswerSchema }),
  })
}
