import { DAY_MS, HOUR_MS, MINUTE_MS } from '@keydesk/contracts/time'
import { describe, expect, it } from 'vitest'
import { dueText, durationText } from './due-text.ts'

describe('durationText', () => {
  it('names the largest two units, rounded to the minute', () => {
    expect(durationText(45 * MINUTE_MS)).toBe('45 min')
    expect(durationText(3 * HOUR_MS + 5 * MINUTE_MS)).toBe('3 h 5 min')
    expect(durationText(2 * DAY_MS + 4 * HOUR_MS + 30 * MINUTE_MS)).toBe('2 d 4 h')
  })

  it('leaves out a unit that is zero, and never says less than a minute', () => {
    expect(durationText(3 * HOUR_MS)).toBe('3 h')
    expect(durationText(2 * DAY_MS)).toBe('2 d')
    expect(durationText(10_000)).toBe('1 min')
  })
})

describe('dueText', () => {
  const now = new Date('2026-11-28T12:00:00Z')

  it('says the time left before a deadline', () => {
    expect(dueText('2026-11-28T15:00:00Z', now)).toEqual({ overdue: false, text: '3 h left' })
  })

  it('says how long a passed deadline is overdue', () => {
    expect(dueText('2026-11-28T11:40:00Z', now)).toEqual({ overdue: true, text: 'Overdue by 20 min' })
  })
})
