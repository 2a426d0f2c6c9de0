import { ApiError } from '../../lib/api-client.ts'

/** The server's own message when it sent one, else the screen's words (never a status code or a schema dump). */
export function errorText(error: unknown, fallback: string): string {
  const hasServerMessage = error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.code !== 'NETWORK_ERROR'
  return hasServerMessage && error.message ? error.message : fallback
}
