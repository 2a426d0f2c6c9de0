import { MemberSupportConversationsSchema, SupportThreadSchema } from '@keydesk/contracts/support-inbox'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { supportInboxKeys } from './support-inbox-keys.ts'

/** A member's own conversations, the latest first. */
export function useMyConversations(page: number) {
  return useQuery({
    queryKey: supportInboxKeys.mine(page),
    queryFn: ({ signal }) => apiRequest(`/support/conversations?page=${page}`, { schema: MemberSupportConversationsSchema, signal }),
  })
}

export function useMyThread(id: string | null) {
  return useQuery({
    queryKey: supportInboxKeys.myThread(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`/support/conversations/${encodeURIComponent(id ?? '')}`, { schema: SupportThreadSchema, signal }),
    enabled: id !== null,
  })
}

export function useReplyAsMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      apiRequest(`/support/conversations/${encodeURIComponent(id)}/replies`, {
        method: 'POST',
        body: { message },
        schema: SupportThreadSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportInboxKeys.all }),
  })
}

/** The thread a visitor's mail link opens (the token never leaves the page but in this call's body). */
export function useLinkThread(token: string) {
  return useQuery({
    queryKey: supportInboxKeys.link(token),
    queryFn: ({ signal }) => apiRequest('/support/link', { method: 'POST', body: { token }, schema: SupportThreadSchema, signal }),
    enabled: token.length > 0,
    retry: false,
  })
}

export function useReplyByLink() {
  return useMutation({
    mutationFn: (body: { token: string; message: string }) =>
      apiRequest('/support/link/replies', { method: 'POST', body, schema: z.object({ message: z.string() }) }),
  })
}
