import { z } from 'zod'

/** The portals configuration (docs/product.md, 'Back office', in the API contract), as the admins' screen sees it: never the `auth` entry of the file. */
export const PortalManufacturerSchema = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string().optional(),
  /** Absent or empty: the card shows 'Portal not available' (docs/product.md, 'Back office (admins and super admins)'). */
  portal_url: z.string().optional(),
  comingSoon: z.boolean().optional(),
  sdrm: z.boolean().optional(),
})
export type PortalManufacturer = z.infer<typeof PortalManufacturerSchema>

export const PortalsConfigSchema = z.object({
  meta: z.object({ vsp_id: z.string() }),
  manufacturers: z.array(PortalManufacturerSchema),
})
export type PortalsConfig = z.infer<typeof PortalsConfigSchema>

/** GET /api/keycodes/portals (docs/product.md, 'Back office', in the API contract): the list plus whether credentials are set. */
export const PortalListAnswerSchema = z.object({
  vspId: z.string(),
  portals: z.array(PortalManufacturerSchema.extend({ hasCredentials: z.boolean() })),
})
export type PortalListAnswer = z.infer<typeof PortalListAnswerSchema>

/** POST /api/keycodes/creds body: the portal id. */
export const PortalCredsBodySchema = z.object({ oem: z.string().trim().min(1).max(64) })
export type PortalCredsBody = z.infer<typeof PortalCredsBodySchema>

/** The credentials answer of a portal (docs/product.md, 'Back office', in the API contract). */
export const PortalCredsAnswerSchema = z.object({ username: z.string(), password: z.string() })
export type PortalCredsAnswer = z.infer<typeof PortalCredsAnswerSchema>

/** The portals screen's texts (docs/product.md, 'Back office (admins and super admins)'). */
export const PORTAL_MESSAGES = {
  copied: 'Credentials copied to clipboard!',
  invalidRequest: 'Invalid request',
  accessDenied: 'Access denied',
  unknownOem: 'Unknown OEM',
  rateLimited: 'Rate limit exceeded. Try again later.',
  copyFailed: 'Failed to copy credentials',
  configFailed: 'Failed to load keycode portals configuration',
  configLoadFailed: 'Failed to load portals configuration',
  loading: 'Loading keycode portals...',
  errorTitle: 'Configuration Error',
  emptyTitle: 'No Data Available',
  emptyMessage: 'Keycode portals configuration could not be loaded.',
  title: 'Keycode Portals',
  portalUnavailable: 'Portal not available',
  comingSoon: 'Coming Soon',
  sdrm: 'SDRM',
} as const

/**
 * What an admin can do about a portal without a configured login: ask the operator (whoever runs the server). A super
 * admin is also told which environment variables to name; an admin never sees them.
 */
export function missingCredentialsMessage(variables?: { username: string; password: string }): string {
  const ask = 'No login is set up for this portal yet. Ask the operator who runs Keydesk to add it'
  return variables ? `${ask} (environment variables ${variables.username} and ${variables.password}).` : `${ask}.`
}

/** Copy Creds result for a failed call, by HTTP status (docs/product.md, 'Back office (admins and super admins)'); status 0 means no answer. */
export function portalCopyFailureMessage(status: number, serverError?: string): string {
  switch (status) {
    case 400:
      return PORTAL_MESSAGES.invalidRequest
    case 403:
      return PORTAL_MESSAGES.accessDenied
    case 404:
      return PORTAL_MESSAGES.unknownOem
    case 409:
      // The server says what to do about a missing login, and names the variables to super admins only.
      return serverError || missingCredentialsMessage()
    case 429:
      return PORTAL_MESSAGES.rateLimited
    case 0:
      return PORTAL_MESSAGES.copyFailed
    default:
      return serverError || PORTAL_MESSAGES.copyFailed
  }
}

/** A Copy Creds result is shown red unless the credentials were copied: every other result says why they were not. */
export function isPortalMessageError(message: string): boolean {
  return message !== PORTAL_MESSAGES.copied
}

/** The clipboard receives two lines (docs/product.md, 'Back office (admins and super admins)'). */
export function formatPortalCredentials({ username, password }: PortalCredsAnswer): string {
  return `Username: ${username}\nPassword: ${password}`
}

/** How many credential copies one admin may make per minute. */
export const PORTAL_CREDS_RATE_LIMIT_PER_MINUTE = 10
