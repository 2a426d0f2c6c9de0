import { ApiError } from '../../lib/api-client.ts'

/** What the last change on the Team page came to, said above the page's sections. */
export type TeamResult = { tone: 'success' | 'error'; text: string } | null

export const teamFailureText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'That did not work. Please try again.'
