/**
 * Mails a visitor can ask for by typing an address (a password reset link, an admin registration code): at most
 * three of a kind per address in any 15 minutes, so nobody can flood another person's inbox through our forms.
 */
export const REQUESTED_MAILS_PER_WINDOW = 3

const WINDOW_MS = 15 * 60 * 1000

/** The start of the window ending at `now`: mails of the kind sent since then count against the limit. */
export const requestedMailWindowStart = (now: Date) => new Date(now.getTime() - WINDOW_MS)
