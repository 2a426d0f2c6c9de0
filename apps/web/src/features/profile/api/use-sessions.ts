import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { DeviceSessionsSchema } from '@keydesk/contracts/sessions'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { profileKeys } from './profile-keys.ts'

/** The account's open sessions, one per signed-in device (docs/product.md, 'Sessions'). */
export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: ({ signal }) => apiRequest('/user/sessions', { schema: DeviceSessionsSchema, signal }),
  })
}

export function useSignOutSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/user/sessions/${id}`, { method: 'DELETE', schema: MessageAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  })
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('/user/sessions/sign-out-others', { method: 'POST', schema: MessageAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  })
}
