import { MINUTE_MS } from '@keydesk/contracts/time'

/** "45 min", "3 h 5 min", "2 d 4 h": the largest two units say enough about a deadline. */
export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE_MS))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`
}

/** A conversation's answer deadline against now: time left, or how long it is overdue. */
export function dueText(dueAt: string, now: Date): { overdue: boolean; text: string } {
  const left = new Date(dueAt).getTime() - now.getTime()
  return left <= 0 ? { overdue: true, text: `Overdue by ${durationText(left)}` } : { overdue: false, text: `${durationText(left)} left` }
}
