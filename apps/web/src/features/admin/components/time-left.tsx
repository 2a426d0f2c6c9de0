import { type Urgency, urgencyOf } from '@keydesk/contracts/service-levels'
import { durationText } from '../../../lib/due-text.ts'

const URGENCY_CLASS: Record<Urgency, string> = {
  overdue: 'bg-red-100 text-red-900 font-semibold',
  'due-soon': 'bg-amber-100 text-amber-900 font-medium',
  'on-time': 'text-slate-700',
}

/** Time left until a request's deadline, or how long it is overdue: red when overdue, amber under a quarter left. */
export function TimeLeft({ request, now }: { request: { paidAt: string; dueAt: string }; now: Date }) {
  const urgency = urgencyOf(request, now)
  const left = new Date(request.dueAt).getTime() - now.getTime()
  const text = urgency === 'overdue' ? `Overdue by ${durationText(left)}` : `${durationText(left)} left`
  return (
    <span data-urgency={urgency} className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-sm ${URGENCY_CLASS[urgency]}`}>
      {text}
    </span>
  )
}
