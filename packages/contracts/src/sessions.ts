import { z } from 'zod'

/**
 * One open session of the signed-in account, as one device holds it (docs/product.md, 'Sessions'): the device label
 * read from its browser when it signed in, the address it signed in from, when it started and when it was last seen
 * (its sign-in or its latest token refresh). `current` marks the session of the call itself.
 */
export const DeviceSessionSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  /** Added: the time zone the browser reported when it signed in ("America/Toronto"): where it roughly is; null when not told. */
  timeZone: z.string().nullable().default(null),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
})
export type DeviceSession = z.infer<typeof DeviceSessionSchema>

/** GET /user/sessions: the open sessions, most recently seen first. */
export const DeviceSessionsSchema = z.array(DeviceSessionSchema)

export const SESSION_MESSAGES = {
  signedOut: 'That session is signed out.',
  othersSignedOut: 'Every other session is signed out.',
  notFound: 'Session not found.',
} as const
