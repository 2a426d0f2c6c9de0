import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useChatUnreadCount } from '../api/use-chat-unread-count.ts'

/**
 * The admin header's way to live chat, on every admin page (decision 016): the number of conversations whose
 * latest message is the member's. Nothing is shown while the count is unknown, so a failed call never looks like zero.
 */
export function AdminChatUnreadLink() {
  const unread = useChatUnreadCount(true)
  const count = unread.data?.count
  return (
    <Link
      to={`${paths.admin}#support-chat`}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-brand-600"
    >
      {/* The name is the visible text itself (axe's label-content-name-mismatch), the count's meaning read out after it. */}
      Chat
      {count ? (
        <span className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
          {count}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </Link>
  )
}
