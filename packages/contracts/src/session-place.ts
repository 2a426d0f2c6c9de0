// No schema library here: the web client's first-visit code reads the header's name.

/** The header a sign-in may carry with the browser's own time zone, kept with the session as its approximate place. */
export const TIME_ZONE_HEADER = 'x-time-zone'

/** A time zone name as the browser reports it ("America/Toronto"); anything else is not kept. */
export const isTimeZoneName = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 64 && /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value)

/** Where a session roughly is, in words: "near Toronto (America time zone)", or nothing when the browser did not say. */
export function sessionPlace(timeZone: string | null): string | null {
  if (!timeZone) return null
  const [region, ...rest] = timeZone.split('/')
  const city = rest.at(-1)?.replaceAll('_', ' ')
  return city ? `near ${city} (${region} time zone)` : `${timeZone} time zone`
}
