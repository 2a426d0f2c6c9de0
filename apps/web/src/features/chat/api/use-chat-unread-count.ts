import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { chatKeys, UNREAD_REFRESH_MS } from './chat-keys.ts'

/**
 * Admins: conversations whose latest message is the member's, still waiting for an answer. Apart from the other
 * chat hooks because the header shows it on every page: its schema is imported with the call, not with the page.
 */
export function useChatUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unreadCount(),
    queryFn: ({ signal }) =>
      apiRequest('/chat/unread-count', {
        schema: () => import('@keydesk/contracts/chat').then((contract) => contract.ChatUnreadCountSchema),
        signal,
      }),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
  })
}
