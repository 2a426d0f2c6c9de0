import { ApiError } from '../../lib/api-client.ts'

/** docs/product.md, 'Back office (admins and super admins)': what a failed admin call says when the server sent no message of its own. */
export const ADMIN_FAILURES = {
  pending: 'Error fetching pending requests.',
  inProgress: 'Error fetching In Progress requests.',
  subscriptions: 'Error fetching subscriptions.',
  transactions: 'Error fetching transactions.',
  processRequest: 'Error processing keycode request.',
  updateStatus: 'Error Update Request Status.',
} as const

/**
 * docs/product.md, 'Back office (admins and super admins)': a failure shows the server's message if present, else the screen's own text. An answer
 * without the API's error shape, an unreachable server or an answer that fails its schema has no server
 * message, so it gets the fallback rather than a status code or a schema dump.
 */
export function adminErrorText(error: unknown, fallback: string): string {
  const hasServerMessage = error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.code !== 'NETWORK_ERROR'
  return hasServerMessage && error.message ? error.message : fallback
}
