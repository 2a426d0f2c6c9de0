import { z } from 'zod'
import { filterDaySchema } from './days.ts'

/**
 * The kinds of action-log entry an admin can filter by, with their names in words. RELEASE_OVERRIDE is kept for
 * entries written before a release carried its override itself (one entry per release since then).
 */
export const ACTION_KIND_LABELS = {
  REQUEST_STARTED: 'Request started',
  KEYCODE_RELEASED: 'Keycode released',
  ORDER_LINK_VIEWED: 'Guest opened order link',
  USER_VALIDATED: 'Account validated',
  USER_REVOKED: 'Account revoked',
  USER_NOTES_UPDATED: 'User notes updated',
  DOCUMENT_APPROVED: 'Document approved',
  DOCUMENT_REJECTED: 'Document rejected',
  ADMIN_APPROVED: 'Admin approved',
  ADMIN_REJECTED: 'Admin rejected',
  ADMIN_REVOKED: 'Admin revoked',
  ADMIN_CODE_SENT: 'Admin code sent',
  SUPER_ADMIN_CREATED: 'Super admin created',
  PLAN_REFUNDED: 'Plan refunded',
  PLAN_REFUND_REQUESTED: 'Plan refund requested',
  KEYCODE_REFUNDED: 'Keycode order refunded',
  PROBLEM_REPORTED: 'Problem reported',
  PROBLEM_REPORT_ANSWERED: 'Problem report answered',
  KEYCODE_REFUNDED_AT_PROVIDER: "Refunded in the payment provider's dashboard",
  PROVIDER_REFUND_UNMATCHED: 'Provider refund not matched to an order line',
  REFUND_FAILED_AT_PROVIDER: 'Refund failed at the payment provider',
  PAYMENT_DISPUTED: 'Payment disputed',
  DISPUTE_CLOSED: 'Dispute closed',
  DISPUTE_REVIEW_CLEARED: 'Dispute review cleared',
  RELEASES_EXPORTED: 'Releases exported',
  ACTION_LOG_EXPORTED: 'Action log exported',
  ACCOUNT_CLOSED: 'Account closed',
  ACCOUNT_RESTORED: 'Account restored',
  ACCOUNT_PURGED: 'Account purged at once',
  DATA_ARCHIVE_DOWNLOADED: 'Data archive downloaded',
  TEAM_LOCATION_CREATED: 'Team location created',
  TEAM_LOCATION_REMOVED: 'Team location removed',
  TEAM_INVITATION_SENT: 'Team invitation sent',
  TEAM_INVITATION_WITHDRAWN: 'Team invitation withdrawn',
  TEAM_JOINED: 'Joined a team',
  TEAM_MEMBER_CHANGED: 'Team role or locations changed',
  TEAM_MEMBER_REMOVED: 'Removed from a team',
  RELEASE_OVERRIDE: 'Release override (older entries)',
} as const
export type ActionKind = keyof typeof ACTION_KIND_LABELS
export const ActionKindSchema = z.enum(Object.keys(ACTION_KIND_LABELS) as [ActionKind, ...ActionKind[]])

/** The kind's name in words; a kind this build does not know yet reads as its code in lower case. */
export const actionKindLabel = (kind: string) => ACTION_KIND_LABELS[kind as ActionKind] ?? kind.toLowerCase().replaceAll('_', ' ')

export const ACTION_LOG_PAGE_SIZE = 50

const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

const filterFields = z.object({
  kind: optionalText(ActionKindSchema),
  actorId: optionalText(z.uuid('Choose an admin from the list.')),
  from: optionalText(filterDaySchema('Give the first day as YYYY-MM-DD.')),
  to: optionalText(filterDaySchema('Give the last day as YYYY-MM-DD.')),
})
const daysInOrder = (range: { from?: string | undefined; to?: string | undefined }) => !range.from || !range.to || range.from <= range.to
const daysOutOfOrder = { message: 'The first day must not be after the last day.', path: ['from'] }

/** The filters of the log (GET /admin/action-log and its CSV): kind, actor and days (UTC, both included). */
export const ActionLogFilterSchema = filterFields.refine(daysInOrder, daysOutOfOrder)
export type ActionLogFilter = z.infer<typeof ActionLogFilterSchema>

/** One page, newest first; `before` is the id the previous page ended at (keyset paging, served by an index). */
export const ActionLogQuerySchema = filterFields
  .extend({
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(ACTION_LOG_PAGE_SIZE),
  })
  .refine(daysInOrder, daysOutOfOrder)
export type ActionLogQuery = z.infer<typeof ActionLogQuerySchema>

/** Where an entry leads: an order (the admin dashboard), a member (registered users) or an admin (the super admin's lists). */
export const ActionLogLinkSchema = z.object({ kind: z.enum(['order', 'user', 'admin']), search: z.string(), label: z.string() })
export type ActionLogLink = z.infer<typeof ActionLogLinkSchema>

export const ActionLogEntrySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  /** Who acted; null for a guest opening its order link, and for an account removed since. */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The entry as a sentence, e.g. 'Alex Queue released the keycode of KD-Y9E8U5GSWZ (2019 Kia Forte, VIN ...4821) by mail'. */
  text: z.string(),
  link: ActionLogLinkSchema.nullable(),
})
export type ActionLogEntry = z.infer<typeof ActionLogEntrySchema>

export const ActionLogPageSchema = z.object({ entries: z.array(ActionLogEntrySchema), nextBefore: z.number().nullable() })

/** The people who can appear as actors: every admin and super admin account, for the actor filter. */
export const ActionLogActorListSchema = z.array(z.object({ id: z.string(), name: z.string(), email: z.string() }))
