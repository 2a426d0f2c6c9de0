import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { SUPPORT_STATE_LABELS, type SupportInboxItem } from '@keydesk/contracts/support-inbox'
import { AnswerDue } from './answer-due.tsx'

/** The inbox's conversations on this page, each opened in the panel beside it by a click. */
export function ConversationList({
  conversations,
  selected,
  now,
  onSelect,
}: {
  conversations: SupportInboxItem[]
  selected: string | null
  now: Date
  onSelect: (id: string) => void
}) {
  return (
    <ul className="space-y-2">
      {conversations.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            aria-current={selected === item.id ? 'true' : undefined}
            onClick={() => onSelect(item.id)}
            className={`w-full min-w-0 rounded-lg border p-3 text-left ${selected === item.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold [overflow-wrap:anywhere]">{item.subject}</span>
              <AnswerDue item={item} now={now} />
            </span>
            <span className="mt-1 block text-sm text-slate-700 [overflow-wrap:anywhere]">
              {TIER_LABELS[item.plan]} · {item.writer.name || item.writer.email} · {SUPPORT_STATE_LABELS[item.state]}
              {item.handler && ` · ${item.handler.name}`}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
