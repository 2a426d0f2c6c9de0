import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage } from '@keydesk/contracts/chat'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useChatHistory, useSendChatMessage } from '../api/use-chat.ts'

/** One conversation: the messages and a box to write; `userId` is set when an admin answers a member. */
export function ChatConversation({ userId, ownSender }: { userId?: string; ownSender: ChatMessage['sender'] }) {
  const history = useChatHistory(userId)
  const send = useSendChatMessage(userId)
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const listRef = useRef<HTMLOListElement>(null)
  const messageCount = history.data?.length ?? 0

  useEffect(() => {
    if (messageCount > 0) listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'end' })
  }, [messageCount])

  async function submit(event: FormEvent) {
    event.preventDefault()
    const text = draft.trim()
    if (!text) return
    try {
      await send.mutateAsync(text)
      setDraft('')
    } catch {
      // docs/product.md §11: chat errors are ignored silently; the draft stays so nothing typed is lost.
    }
  }

  return (
    <div className="flex h-full flex-col">
      <div className="min-h-40 flex-1 overflow-y-auto p-3">
        {history.isPending && <Spinner label="Loading messages..." />}
        {history.isError && <p className="text-sm text-slate-600">Messages are not available right now.</p>}
        {history.data?.length === 0 && <p className="text-sm text-slate-600">No messages yet. Ask us anything.</p>}
        <ol ref={listRef} aria-label="Messages" className="space-y-2">
          {history.data?.map((message) => (
            <li key={message.id} className={`flex ${message.sender === ownSender ? 'justify-end' : 'justify-start'}`}>
              <p
                className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${message.sender === ownSender ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900'}`}
              >
                <span className="sr-only">{message.sender === 'USER' ? 'Member: ' : 'Support: '}</span>
                {message.message}
              </p>
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
          value={draft}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Type a message"
          className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <Button type="submit" isBusy={send.isPending} disabled={!draft.trim()}>
          Send
        </Button>
      </form>
    </div>
  )
}
