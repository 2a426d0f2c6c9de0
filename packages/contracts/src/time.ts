// Lengths of time in milliseconds, for the date arithmetic of both apps. A day is 24 hours here, never a calendar day:
// where a rule counts calendar days or business hours, its own file says so.
export const MINUTE_MS = 60 * 1000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
