import { useState } from 'react'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { dueText } from '../../../lib/due-text.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useChatConversations, useChatStream } from '../api/use-chat.ts'
import { ChatConversation } from './chat-conversation.tsx'

const conversationOfMember = (message: { userId: string }) => message.userId

/** The answer deadline of a member's chat, as the support inbox words it; nothing when it waits on nobody. */
function ChatDue({ answerDueAt, now }: { answerDueAt: string | null; now: Date }) {
  if (answerDueAt === null) return null
  const due = dueText(answerDueAt, now)
  return (
    <span data-overdue={due.overdue} className={`block text-xs ${due.overdue ? 'font-semibold text-red-900' : 'text-slate-700'}`}>
      {due.text}
    </span>
  )
}

/**
 * The admins' side of live chat: members who wrote, the soonest answer deadline first as in the support inbox, and the
 * chosen conversation with a reply box.
 */
export function AdminChatPanel() {
  const conversations = useChatConversations()
  const now = useNow()
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
                {conversation.awaitingReply ? (
                  <span className="ml-2 rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">unread</span>
                ) : (
                  <span className="ml-2 text-xs font-medium text-green-800">answered</span>
                )}
                <span className="block break-all text-xs text-slate-600">{conversation.email}</span>
                <ChatDue answerDueAt={conversation.answerDueAt} now={now} />
                <time dateTime={conversation.lastMessageAt} className="block text-xs text-slate-600">
                  Last message{' '}
                  {new Date(conversation.lastMessageAt).toLocaleString(undefined, {
                    month: 'short',
                    day: 'numeric',
                    hour: 'numeric',
                    minute: '2-digit',
                  })}
                </time>
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
