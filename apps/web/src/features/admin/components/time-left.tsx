import { type Urgency, urgencyOf } from '@keydesk/contracts/service-levels'
import { MINUTE_MS } from '@keydesk/contracts/time'

/** "45 min", "3 h 5 min", "2 d 4 h": the largest two units are enough to plan the next hour's work. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE_MS))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`
}

const URGENCY_CLASS: Record<Urgency, string> = {
  overdue: 'bg-red-100 text-red-900 font-semibold',
  'due-soon': 'bg-amber-100 text-amber-900 font-medium',
  'on-time': 'text-slate-700',
}

/** Time left until a request's deadline, or how long it is overdue: red when overdue, amber under a quarter left. */
export function TimeLeft({ request, now }: { request: { paidAt: string; dueAt: string }; now: Date }) {
  const urgency = urgencyOf(request, now)
  const left = new Date(request.dueAt).getTime() - now.getTime()
  const text = urgency === 'overdue' ? `Overdue by ${formatDuration(left)}` : `${formatDuration(left)} left`
  return (
    <span data-urgency={urgency} className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-sm ${URGENCY_CLASS[urgency]}`}>
      {text}
    </span>
  )
}
