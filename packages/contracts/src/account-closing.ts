import { z } from 'zod'
import { ACCOUNT_DATA_KEEP_DAYS } from './policy-statements.ts'

/**
 * Closing, restoring and purging an account (docs/decisions/035): a closed account keeps its data for
 * ACCOUNT_DATA_KEEP_DAYS, during which the link mailed at closing restores it; then the purge removes it.
 */
export const ACCOUNT_CLOSING_MESSAGES = {
  closed: `Your account is closed. We e-mailed you a link that restores it within ${ACCOUNT_DATA_KEEP_DAYS} days; after that its data is deleted.`,
  closedByAdmin: `The account is closed. Its owner can restore it for ${ACCOUNT_DATA_KEEP_DAYS} days with the link we e-mailed.`,
  signInRefused: `This account is closed. To restore it, open the link we e-mailed when it was closed (it works for ${ACCOUNT_DATA_KEEP_DAYS} days).`,
  restored: 'Your account is restored. Sign in to continue.',
  restoreLinkInvalid: 'This restore link does not work: it was used already, or its time has run out.',
  alreadyClosed: 'This account is closed already.',
  notAMember: 'Only a member account can be closed or purged here.',
  purged: 'The account is deleted, with its documents and files. Its paid orders are kept under a pseudonym.',
} as const

/** Why an admin closes an account or a super admin purges one: kept in the action log. */
export const ActionReasonSchema = z
  .string()
  .trim()
  .min(10, 'Say why, in at least 10 characters.')
  .max(500, 'Keep the reason under 500 characters.')

/** POST /admin/users/{id}/close. */
export const CloseAccountBodySchema = z.object({ reason: ActionReasonSchema })
export type CloseAccountBody = z.infer<typeof CloseAccountBodySchema>

/** POST /super-admin/users/{id}/purge: on the owner's verified request, at once. */
export const PurgeAccountBodySchema = z.object({ reason: ActionReasonSchema })

/** POST /auth/restore-account: the token of the link mailed at closing. */
export const RestoreAccountBodySchema = z.object({ token: z.string().trim().min(1).max(200) })
