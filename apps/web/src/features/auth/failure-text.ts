import { MESSAGES } from '@keydesk/contracts/messages'
import { ApiError, failureText } from '../../lib/api-client.ts'

/**
 * The server's text of a failed call, or `fallback` when the answer carried none; a call that got no answer says the
 * service is unavailable, as the sign-in screens append it to their own failure text.
 */
export const serverText = (error: unknown, fallback: string): string => failureText(error, fallback, MESSAGES.backendUnavailable)

/** True when the call never got an answer, which reads differently ("Error ... Please try again."). */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500)
}
