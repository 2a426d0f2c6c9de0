import { SUPPORT_STATE_LABELS, type SupportInboxItem } from '@keydesk/contracts/support-inbox'
import { dueText } from '../../../lib/due-text.ts'

/** A conversation's answer deadline against now, red once overdue; its state where no answer is due. */
export function AnswerDue({ item, now }: { item: Pick<SupportInboxItem, 'answerDueAt' | 'state'>; now: Date }) {
  if (item.answerDueAt === null) return <span className="text-sm text-slate-700">{SUPPORT_STATE_LABELS[item.state]}</span>
  const due = dueText(item.answerDueAt, now)
  return (
    <span
      data-overdue={due.overdue}
      className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-sm ${due.overdue ? 'bg-red-100 font-semibold text-red-900' : 'text-slate-700'}`}
    >
      {due.text}
    </span>
  )
}
