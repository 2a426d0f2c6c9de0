import { ChatConversationsAnswerSchema, ChatHistoryAnswerSchema, type ChatMessage, ChatMessageSchema } from '@keydesk/contracts/chat'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { API_BASE, apiRequest } from '../../../lib/api-client.ts'
import { chatKeys, UNREAD_REFRESH_MS } from './chat-keys.ts'

const historyKey = chatKeys.history

/** Admins: members who wrote, latest first, each saying whether it waits for an answer. */
export function useChatConversations() {
  return useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: ({ signal }) => apiRequest('/chat/conversations', { schema: ChatConversationsAnswerSchema, signal }),
    refetchInterval: UNREAD_REFRESH_MS,
  })
}

function historyPath(userId?: string) {
  return userId ? `/chat/history?userId=${encodeURIComponent(userId)}` : '/chat/history'
}

/** Adds a message once, keeping the conversation in time order (the stream also echoes our own messages). */
function appendMessage(queryClient: QueryClient, key: readonly unknown[], message: ChatMessage) {
  queryClient.setQueryData<ChatMessage[]>(key, (current) => {
    if (!current) return current
    if (current.some((existing) => existing.id === message.id)) return current
    return [...current, message]
  })
}

/** GET /chat/history: a member's own conversation, or (admins) the member named by `userId`. */
export function useChatHistory(userId?: string) {
  return useQuery({
    queryKey: historyKey(userId),
    queryFn: ({ signal }) => apiRequest(historyPath(userId), { schema: ChatHistoryAnswerSchema, signal }),
  })
}

export function useSendChatMessage(userId?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest('/chat/send', { method: 'POST', body: userId ? { message, userId } : { message }, schema: ChatMessageSchema }),
    onSuccess: (message) => {
      appendMessage(queryClient, historyKey(userId), message)
      // An admin's answer makes the conversation answered (decision 016): the list and the header's count say so at once.
      if (userId) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() })
        void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount() })
      }
    },
  })
}

/** A member's stream only carries their own conversation. Module-level so the stream is not reopened per render. */
const ownConversation = () => undefined

/**
 * docs/product.md, 'The API contract': the server-sent event stream, opened with credentials; each message is JSON. Chat
 * errors are ignored and the stream closes on error (the history is still there on the next visit).
 */
export function useChatStream(isEnabled: boolean, conversationOf: (message: ChatMessage) => string | undefined = ownConversation) {
  const queryClient = useQueryClient()
  useEffect(() => {
    // Without EventSource (very old browsers, test DOMs) the chat still works by its history and send calls.
    if (!isEnabled || typeof EventSource === 'undefined') return
    const source = new EventSource(`${API_BASE}/chat/stream`, { withCredentials: true })
    source.addEventListener('message', (event) => {
      const parsed = ChatMessageSchema.safeParse(JSON.parse((event as MessageEvent<string>).data))
      if (!parsed.success) return
      appendMessage(queryClient, historyKey(conversationOf(parsed.data)), parsed.data)
      // On the admins' side a member's new message reopens its conversation, and another admin's answer closes it.
      if (conversationOf(parsed.data) !== undefined) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() })
    })
    source.addEventListener('error', () => source.close())
    return () => source.close()
  }, [isEnabled, queryClient, conversationOf])
}
