import { zodResolver } from '@hookform/resolvers/zod'
import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage, ChatMessageFormSchema } from '@keydesk/contracts/chat'
import { useEffect, useId, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useChatHistory, useSendChatMessage } from '../api/use-chat.ts'

/** When a message was sent: the time alone today, with the day otherwise. */
function sentAt(iso: string, now = new Date()): string {
  const date = new Date(iso)
  const isToday = date.toDateString() === now.toDateString()
  return date.toLocaleString(
    undefined,
    isToday ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  )
}

/** One conversation: the messages and a box to write; `userId` is set when an admin answers a member. */
export function ChatConversation({ userId, ownSender }: { userId?: string; ownSender: ChatMessage['sender'] }) {
  const history = useChatHistory(userId)
  const send = useSendChatMessage(userId)
  const form = useForm({ resolver: zodResolver(ChatMessageFormSchema), defaultValues: { message: '' } })
  // Send stays disabled until there is something to send, so the schema's "type a message" never needs showing.
  const hasDraft = form.watch('message').trim() !== ''
  const inputId = useId()
  const listRef = useRef<HTMLOListElement>(null)
  const messageCount = history.data?.length ?? 0

  useEffect(() => {
    if (messageCount > 0) listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'end' })
  }, [messageCount])

  const submit = form.handleSubmit(async ({ message }) => {
    try {
      await send.mutateAsync(message)
      form.reset()
    } catch {
      // Chat errors are ignored silently; the draft stays so nothing typed is lost.
    }
  })

  return (
    <div className="flex h-full flex-col">
      <div className="min-h-40 flex-1 overflow-y-auto p-3">
        {history.isPending && <Spinner label="Loading messages..." />}
        {history.isError && <p className="text-sm text-slate-600">Messages are not available right now.</p>}
        {history.data?.length === 0 && <p className="text-sm text-slate-600">No messages yet. Ask us anything.</p>}
        <ol ref={listRef} aria-label="Messages" className="space-y-2">
          {history.data?.map((message) => (
            <li key={message.id} className={`flex flex-col ${message.sender === ownSender ? 'items-end' : 'items-start'}`}>
              <p
                className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${message.sender === ownSender ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900'}`}
              >
                <span className="sr-only">{message.sender === 'USER' ? 'Member: ' : 'Support: '}</span>
                {message.message}
              </p>
              <time dateTime={message.createdAt} className="mt-0.5 text-xs text-slate-600">
                {sentAt(message.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          id={inputId}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder="Type a message"
          className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          {...form.register('message')}
        />
        <Button type="submit" isBusy={send.isPending} disabled={!hasDraft}>
          Send
        </Button>
      </form>
    </div>
  )
}
