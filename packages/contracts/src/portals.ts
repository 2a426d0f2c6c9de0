import { z } from 'zod'

/** docs/product.md §12 "Portals configuration", as the admins' screen sees it: never the `auth` entry of the file. */
export const PortalManufacturerSchema = z.object({
  id: z.string(),
  name: z.string(),
  notes: z.string().optional(),
  /** Absent or empty: the card shows 'Portal not available' (docs/product.md §8). */
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

/** GET /api/keycodes/portals (docs/product.md §12: defined, answer not shown): the list plus whether credentials are set. */
export const PortalListAnswerSchema = z.object({
  vspId: z.string(),
  portals: z.array(PortalManufacturerSchema.extend({ hasCredentials: z.boolean() })),
})
export type PortalListAnswer = z.infer<typeof PortalListAnswerSchema>

/** POST /api/keycodes/creds body: the portal id. */
export const PortalCredsBodySchema = z.object({ oem: z.string().trim().min(1).max(64) })
export type PortalCredsBody = z.infer<typeof PortalCredsBodySchema>

/** docs/product.md §12 "Credentials response". */
export const PortalCredsAnswerSchema = z.object({ username: z.string(), password: z.string() })
export type PortalCredsAnswer = z.infer<typeof PortalCredsAnswerSchema>

/** docs/product.md §11 "Portals" and docs/product.md §8 screen texts. */
export const PORTAL_MESSAGES = {
  copied: 'Credentials copied to clipboard!',
  invalidRequest: 'Invalid request',
  accessDenied: 'Access denied',
  unknownOem: 'Unknown OEM',
  missingCredentials: 'Missing credentials. Update environment variables for this OEM.',
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

/** Copy Creds result for a failed call, by HTTP status (docs/product.md §11 "Portals"); status 0 means no answer. */
export function portalCopyFailureMessage(status: number, serverError?: string): string {
  switch (status) {
    case 400:
      return PORTAL_MESSAGES.invalidRequest
    case 403:
      return PORTAL_MESSAGES.accessDenied
    case 404:
      return PORTAL_MESSAGES.unknownOem
    case 409:
      return PORTAL_MESSAGES.missingCredentials
    case 429:
      return PORTAL_MESSAGES.rateLimited
    case 0:
      return PORTAL_MESSAGES.copyFailed
    default:
      return serverError || PORTAL_MESSAGES.copyFailed
  }
}

/** docs/product.md §6: a result message is shown red when it contains 'Failed' or 'error'. */
export function isPortalMessageError(message: string): boolean {
  return message.includes('Failed') || message.includes('error')
}

/** docs/product.md §12: the clipboard receives two lines. */
export function formatPortalCredentials({ username, password }: PortalCredsAnswer): string {
  return `Username: ${username}\nPassword: ${password}`
}

/** How many credential copies one admin may make per minute. */
export const PORTAL_CREDS_RATE_LIMIT_PER_MINUTE = 10
