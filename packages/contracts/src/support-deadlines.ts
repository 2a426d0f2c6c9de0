import { type PlanHolding, premiumAccess } from './premium-access.ts'
import type { SubscriptionTier } from './subscription-constants.ts'
import { HOUR_MS, MINUTE_MS } from './time.ts'

/**
 * Support's promise by plan (docs/decisions/034): the first answer to a conversation is due a number of hours after it
 * was written, counted on the support clock (the business hours below) or around the clock. One function computes every
 * deadline and the plan cards say the same numbers, so a screen cannot promise what the inbox does not keep. No zod
 * here: the home page's plan cards read it.
 */

/** Support hours: Monday to Friday, 9 to 6 in US Eastern time (EST in winter, EDT in summer). Holidays are not skipped. */
export const SUPPORT_TIME_ZONE = 'America/New_York'
export const SUPPORT_OPEN_HOUR = 9
export const SUPPORT_CLOSE_HOUR = 18
/** ISO weekdays, Monday 1 to Friday 5. */
export const SUPPORT_WEEKDAYS = [1, 2, 3, 4, 5] as const

export type SupportClock = 'support-hours' | 'around-the-clock'

/** Hours to the first answer, and the clock they are counted on. NONE is the policy's aim for writers without a plan. */
export const SUPPORT_PROMISES: Record<SubscriptionTier, { hours: number; clock: SupportClock }> = {
  NONE: { hours: 24, clock: 'support-hours' },
  BASIC: { hours: 48, clock: 'support-hours' },
  PROFESSIONAL: { hours: 8, clock: 'support-hours' },
  ENTERPRISE: { hours: 1, clock: 'around-the-clock' },
}

/**
 * Support hours in the contract's own words, "Monday-Friday 9-6 EST" (the policy pages quote it verbatim); the clock
 * itself follows US Eastern time through the daylight saving change (EDT in summer), as decision 034 says.
 */
export const SUPPORT_HOURS_TEXT = `Monday-Friday ${SUPPORT_OPEN_HOUR}-${SUPPORT_CLOSE_HOUR - 12} EST`

const hoursText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`)

/** A plan's support promise as a plan card states it. Basic keeps the contract's "24-48": the policy's aim to its deadline. */
export function supportPromiseText(tier: SubscriptionTier): string {
  const { hours } = SUPPORT_PROMISES[tier]
  if (tier === 'ENTERPRISE') return `24/7 support, answered within ${hoursText(hours)}`
  if (tier === 'BASIC') return `Support in ${SUPPORT_PROMISES.NONE.hours}-${hours} support hours`
  if (tier === 'PROFESSIONAL') return `Priority support within ${hoursText(hours)} of support hours`
  return `Support by e-mail within ${hoursText(hours)} of support hours`
}

const weekdayIndex: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }
const zoned = new Intl.DateTimeFormat('en-US', {
  timeZone: SUPPORT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
})

/** The wall clock in support's time zone at an instant. */
function wallClock(at: Date) {
  const parts = Object.fromEntries(zoned.formatToParts(at).map((part) => [part.type, part.value]))
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdayIndex[parts.weekday ?? ''] ?? 0,
  }
}

/** Minutes the support zone is ahead of UTC at an instant (-300 in winter, -240 in summer). */
function offsetMinutes(at: Date): number {
  const wall = wallClock(at)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / MINUTE_MS)
}

/** The instant a support-zone wall clock shows a whole hour of a day (9 and 18 are never inside a DST jump). */
function instantAt(year: number, month: number, day: number, hour: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour)
  const first = new Date(guess - offsetMinutes(new Date(guess)) * MINUTE_MS)
  return new Date(guess - offsetMinutes(first) * MINUTE_MS)
}

/** Whether an instant falls inside support hours. */
export function isWithinSupportHours(at: Date): boolean {
  const wall = wallClock(at)
  return (SUPPORT_WEEKDAYS as readonly number[]).includes(wall.weekday) && wall.hour >= SUPPORT_OPEN_HOUR && wall.hour < SUPPORT_CLOSE_HOUR
}

/** `amountMs` of support hours after `from`: time outside Monday-Friday 9-6 Eastern does not count. */
export function addSupportHours(from: Date, amountMs: number): Date {
  let left = amountMs
  let cursor = from
  // A year of days bounds the walk whatever the amount (the largest promise is a few working days).
  for (let day = 0; day < 366; day++) {
    const wall = wallClock(cursor)
    const opens = instantAt(wall.year, wall.month, wall.day, SUPPORT_OPEN_HOUR)
    const closes = instantAt(wall.year, wall.month, wall.day, SUPPORT_CLOSE_HOUR)
    if ((SUPPORT_WEEKDAYS as readonly number[]).includes(wall.weekday) && cursor < closes) {
      const start = cursor < opens ? opens : cursor
      const open = closes.getTime() - start.getTime()
      if (left <= open) return new Date(start.getTime() + left)
      left -= open
    }
    // Noon of the next calendar day, read back through the zone, lands on that day whatever the offset change.
    const noon = instantAt(wall.year, wall.month, wall.day, 12)
    const next = wallClock(new Date(noon.getTime() + 24 * HOUR_MS))
    cursor = instantAt(next.year, next.month, next.day, 0)
  }
  throw new Error('support hours walk exceeded a year')
}

/** The plan whose promise a writer gets: the one held at the moment of writing, a running trial's tier included. */
export const supportTierOf = (holding: PlanHolding | null, at: Date): SubscriptionTier =>
  holding ? premiumAccess(holding, at).tier : 'NONE'

/** When the first answer to a message written at `writtenAt` under `tier` is due. */
export function supportAnswerDueAt(tier: SubscriptionTier, writtenAt: Date): Date {
  const promise = SUPPORT_PROMISES[tier]
  const amountMs = promise.hours * HOUR_MS
  if (promise.clock === 'around-the-clock') return new Date(writtenAt.getTime() + amountMs)
  return addSupportHours(writtenAt, amountMs)
}

/** Whether a conversation opening now calls the admins on call: an around-the-clock promise written outside support hours. */
export const needsOnCallAlert = (tier: SubscriptionTier, writtenAt: Date) =>
  SUPPORT_PROMISES[tier].clock === 'around-the-clock' && !isWithinSupportHours(writtenAt)
