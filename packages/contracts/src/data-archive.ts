import { z } from 'zod'
import { ActionReasonSchema } from './account-closing.ts'
import { OwnerProofSchema } from './security.ts'

/** How many archives one account may download a day, by its owner or by a super admin for it (docs/decisions/037). */
export const DATA_ARCHIVES_PER_DAY = 3

/** POST /user/data-archive: the owner's proof, as a change to security asks (the password, or a current code). */
export const DataArchiveBodySchema = OwnerProofSchema

/** POST /super-admin/users/{id}/data-archive: why, kept in the action log. */
export const SuperAdminDataArchiveBodySchema = z.object({ reason: ActionReasonSchema })

/** The words of the profile's "Your data" section and its download. */
export const DATA_ARCHIVE_MESSAGES = {
  title: 'Your data',
  explanation:
    'Download everything Keydesk holds about you as one zip file: your profile, documents, orders with their keycodes, payments and refunds, plans, sessions and sign-ins, support conversations and notices.',
  limit: `You can download it ${DATA_ARCHIVES_PER_DAY} times a day.`,
  button: 'Download your data',
  proofTitle: 'Confirm it is you',
  proofDescription: 'Your data holds your keycodes and documents: enter your password, or a code from your authenticator app.',
  downloaded: 'Your data archive was downloaded.',
  /** A super admin's download of a member's archive, on Registered Users. */
  memberArchiveDownloaded: "The member's data archive was downloaded; the reason is in the action log.",
  notAMember: 'Only a member account has a data archive.',
} as const
