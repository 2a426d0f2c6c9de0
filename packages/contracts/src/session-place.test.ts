import { describe, expect, it } from 'vitest'
import { isTimeZoneName, sessionPlace } from './session-place.ts'

describe("a session's approximate place", () => {
  it('reads a time zone as the city it is named after', () => {
    expect(sessionPlace('America/Toronto')).toBe('near Toronto (America time zone)')
    expect(sessionPlace('America/Argentina/Buenos_Aires')).toBe('near Buenos Aires (America time zone)')
    expect(sessionPlace('UTC')).toBe('UTC time zone')
    expect(sessionPlace(null)).toBeNull()
  })

  it('keeps only what reads as a time zone name', () => {
    expect(isTimeZoneName('America/New_York')).toBe(true)
    expect(isTimeZoneName('Etc/GMT+5')).toBe(true)
    expect(isTimeZoneName('<script>')).toBe(false)
    expect(isTimeZoneName('America/'.padEnd(80, 'x'))).toBe(false)
    expect(isTimeZoneName(['America/Toronto'])).toBe(false)
  })
})
