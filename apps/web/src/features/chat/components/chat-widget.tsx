import { useState } from 'react'
import { useSession } from '../../session/use-session.ts'
import { useChatStream } from '../api/use-chat.ts'
import { hasChatAccess } from '../has-chat-access.ts'
import { ChatConversation } from './chat-conversation.tsx'

/** docs/product.md, 'Member area, chat and support': the user dashboard's live chat, for members with premium access (trial included) only. */
export function ChatWidget() {
  const { user } = useSession()
  const [isOpen, setIsOpen] = useState(false)
  const isAllowed = Boolean(user && user.role === 'BASEUSER' && hasChatAccess(user))
  useChatStream(isAllowed && isOpen)
  if (!isAllowed) return null
  return (
    <section
      aria-label="Live chat"
      // On a phone a floating button would sit over the page's own controls, so the closed chat waits in the page
      // flow; open, or on wider screens, it floats in the corner.
      className={
        isOpen
          ? 'fixed right-4 bottom-4 z-40 w-80 max-w-[calc(100vw-2rem)]'
          : 'mt-8 sm:fixed sm:right-4 sm:bottom-4 sm:z-40 sm:mt-0 sm:w-80 sm:max-w-[calc(100vw-2rem)]'
      }
    >
      {isOpen && (
        <div id="live-chat-panel" className="mb-2 flex h-96 flex-col rounded-lg border border-slate-200 bg-white shadow-xl">
          <h2 className="border-b border-slate-200 px-3 py-2 font-semibold text-slate-900">Live support</h2>
          <ChatConversation ownSender="USER" />
        </div>
      )}
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls="live-chat-panel"
        onClick={() => setIsOpen(!isOpen)}
        className="ml-auto block rounded-full bg-brand-600 px-4 py-3 font-semibold text-white shadow-lg hover:bg-brand-700"
      >
        {isOpen ? 'Close chat' : 'Chat with support'}
      </button>
    </section>
  )
}
