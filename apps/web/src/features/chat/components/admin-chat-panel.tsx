import { ChatConversationsAnswerSchema } from '@keydesk/contracts/chat'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { apiRequest } from '../../../lib/api-client.ts'
import { useChatStream } from '../api/use-chat.ts'
import { ChatConversation } from './chat-conversation.tsx'

const conversationOfMember = (message: { userId: string }) => message.userId

/** The admins' side of live chat: members who wrote, and the chosen conversation with a reply box. */
export function AdminChatPanel() {
  const conversations = useQuery({
    queryKey: ['chat', 'conversations'],
    queryFn: ({ signal }) => apiRequest('/chat/conversations', { schema: ChatConversationsAnswerSchema, signal }),
    refetchInterval: 30_000,
  })
  const [selected, setSelected] = useState<string | null>(null)
  useChatStream(true, conversationOfMember)

  return (
    <section
      aria-label="Live chat with members"
      className="grid gap-4 rounded-lg border border-slate-200 bg-white md:grid-cols-[16rem_1fr]"
    >
      <div className="border-b border-slate-200 p-3 md:border-r md:border-b-0">
        <h2 className="font-semibold text-slate-900">Conversations</h2>
        {conversations.isPending && <Spinner label="Loading conversations..." />}
        {conversations.isError && <p className="text-sm text-slate-600">Conversations are not available right now.</p>}
        {conversations.data?.length === 0 && <p className="text-sm text-slate-600">No member has written yet.</p>}
        <ul className="mt-2 space-y-1">
          {conversations.data?.map((conversation) => (
            <li key={conversation.userId}>
              <button
                type="button"
                aria-pressed={selected === conversation.userId}
                onClick={() => setSelected(conversation.userId)}
                className={`w-full rounded px-2 py-1 text-left text-sm ${selected === conversation.userId ? 'bg-brand-50 font-semibold' : 'hover:bg-slate-50'}`}
              >
                {conversation.fname} {conversation.lname}
                <span className="block text-xs text-slate-500">{conversation.email}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="h-96">
        {selected ? (
          <ChatConversation key={selected} userId={selected} ownSender="AGENT" />
        ) : (
          <p className="p-3 text-sm text-slate-600">Choose a conversation to answer.</p>
        )}
      </div>
    </section>
  )
}
