import { ApiError } from '../../lib/api-client.ts'

/** The server's text of a failed call, or `fallback` when the answer carried none. */
export function serverText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message) return error.message
  return fallback
}

/** True when the call never got an answer, which reads differently ("Error ... Please try again."). */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500)
}
