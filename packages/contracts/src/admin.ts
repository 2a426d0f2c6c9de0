import { z } from 'zod'
import { ADMIN_MESSAGES } from './admin-messages.ts'
import { BatchCodeSchema, BatchPlaceSchema } from './batch-place.ts'
import { filterDaySchema } from './days.ts'
import { DisputeHoldSchema } from './disputes.ts'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.ts'
import { RequestStatusSchema } from './request-status.ts'
import { ServicePlanSchema } from './service-levels.ts'
import { OWNERSHIP_DOCUMENT_KINDS } from './vehicle-request.ts'

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

const searchTerm = z.string().trim().max(100, 'Search for at most 100 characters.')

/** A search term for the admin lists: what an admin pastes or types, matched from its start (docs/decisions/016). */
export const AdminSearchSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  searchTerm.optional(),
)

/** The back office's search box; an empty box means no search. */
export const AdminSearchFormSchema = z.object({ search: searchTerm })
export type AdminSearchForm = z.infer<typeof AdminSearchFormSchema>

/** GET /admin/pending-requests and /admin/in-progress-requests: one page, optionally searched. */
/** A queue page, optionally searched, or narrowed to one bulk order's batch by its code. */
export const AdminQueueQuerySchema = PageQuerySchema.extend({
  search: AdminSearchSchema,
  batch: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), BatchCodeSchema.optional()),
})
export type AdminQueueQuery = z.infer<typeof AdminQueueQuerySchema>

/** GET /admin/users: one page of registered users, optionally searched by name, e-mail, phone or company. */
export const AdminUsersQuerySchema = PageQuerySchema.extend({ search: AdminSearchSchema })
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>

/** A vehicle request on the admin lists (docs/product.md, 'Back office', in the API contract): make is plain text. */
export const AdminRequestSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  vin: z.string(),
  status: RequestStatusSchema,
  price: z.number(),
  keycodePrice: z.number(),
  keycodeUserEmail: z.string().nullable(),
  /** The buyer's account, so the order panel can validate it and review its documents in place; null for a guest. */
  buyerId: z.string().nullable(),
  /** What was typed at checkout: the e-mail the order's mail goes to (a guest's only contact). */
  checkoutEmail: z.string().nullable(),
  /** The name typed at checkout (the name on the card), to compare with a guest's licence photos. */
  checkoutName: z.string().nullable(),
  isValidatedUser: z.boolean(),
  /** Whether the buyer's account can still sign in: ACTIVE, REVOKED (revoked or disabled), or null without an account. */
  accountState: z.enum(['ACTIVE', 'REVOKED']).nullable(),
  frontId: z.string().nullable(),
  backId: z.string().nullable(),
  registration: z.string().nullable(),
  licenseFront: z.string().nullable(),
  licenseBack: z.string().nullable(),
  /**
   * Added, the proof of ownership (docs/decisions/041): what the registration photo is, the vehicle owner's name on a
   * member's order, and the plate and odometer photos; null where none was given.
   */
  ownershipDocument: z.enum(OWNERSHIP_DOCUMENT_KINDS).nullable().default(null),
  ownerName: z.string().nullable().default(null),
  platePhoto: z.string().nullable().default(null),
  odometerPhoto: z.string().nullable().default(null),
  paidAt: z.string(),
  /** Additions to the API contract (docs/product.md, 'Back office') for the release gate (docs/decisions/013): what the buyer paid for this request. */
  paidPrice: z.number().nullable(),
  isGuest: z.boolean(),
  /** The member's compliance documents and their review (empty for a guest, whose photos are on the request). */
  documents: z.array(z.object({ docType: z.string(), verified: z.boolean().nullable() })),
  /** The SLA queue (docs/decisions/016): the plan held when paying, the deadline it set, and who the buyer is. */
  servicePlan: ServicePlanSchema,
  dueAt: z.string(),
  buyerName: z.string().nullable(),
  /** The admin who started the request, so others see it is taken; null while pending. */
  startedBy: z.object({ name: z.string(), at: z.string() }).nullable(),
  /** A bulk order's request: its place in the batch ("3 of 20, batch B-7K2QX4"); null for a single request. */
  batch: BatchPlaceSchema.nullable(),
  /**
   * A dispute that holds the release (docs/decisions/028): of the order's payment (open, or lost), or of the buyer, whose
   * orders wait for a super admin's review; null or absent when none does.
   */
  disputeHold: DisputeHoldSchema.nullable().optional(),
  /**
   * The Enterprise business the order was placed for, its location, and what the release gate weighs of it (whether
   * it can still sign in, whether it is validated: docs/decisions/039); null or absent for an order of one's own.
   */
  business: z
    .object({ id: z.string(), name: z.string(), location: z.string().nullable(), active: z.boolean(), validated: z.boolean() })
    .nullable()
    .optional(),
})
export type AdminRequest = z.infer<typeof AdminRequestSchema>
export const AdminRequestListSchema = z.array(AdminRequestSchema)

export const OVERRIDE_REASON_MIN = 10

export const KEY_TYPE_MAX = 60
const keyTypeText = z.string().trim().max(KEY_TYPE_MAX, `Keep it to ${KEY_TYPE_MAX} characters.`).optional()

/** What the buyer reads beside the code: the key blank to cut and the transponder or chip to program. */
export const KEY_TYPE_LABELS = { keyBlank: 'Key blank', transponder: 'Transponder or chip' } as const

/** GET /admin/key-blanks?requestId=: the key blanks given before for the same make, model and year, most used first. */
export const KeyBlankSuggestionsSchema = z.object({ keyBlanks: z.array(z.string()) })
export const KEY_BLANK_SUGGESTIONS = 10
export const KeyBlankQuerySchema = z.object({ requestId: z.uuid('Name the order by its id.') })

export const ProcessRequestBodySchema = z.object({
  vehicleId: z.uuid(),
  keycode: z.string().trim().min(1, 'Please enter a keycode before submitting.').max(64),
  pincode: z.string().trim().max(32).optional(),
  /** Addition: the key type, when the portal gave it (docs/decisions/031); blank or absent means not given. */
  keyBlank: keyTypeText,
  transponder: keyTypeText,
  /** Guests: the admin confirms the licence photos match the request (docs/decisions/013). */
  identityChecked: z.boolean().optional(),
  /** Releases a code the gate would refuse; stored with the release. */
  overrideReason: z
    .string()
    .trim()
    .min(OVERRIDE_REASON_MIN, `Give a reason of at least ${OVERRIDE_REASON_MIN} characters.`)
    .max(500)
    .optional(),
})
export type ProcessRequestBody = z.infer<typeof ProcessRequestBodySchema>

/**
 * POST /admin/process-request: 'Keycode delivered.' and, added, what the release did, so the admin is told which
 * order it was and where its mail went (null when no mail was queued).
 */
export const ProcessRequestAnswerSchema = z.object({
  message: z.string(),
  confirmationNumber: z.string().nullable(),
  mailQueuedTo: z.string().nullable(),
})
export type ProcessRequestAnswer = z.infer<typeof ProcessRequestAnswerSchema>

/** The confirmation an admin reads after a release, e.g. 'Released K4512 for KD-Y9E8U5GSWZ: mail queued to a@b.com'. */
export function releaseConfirmation(keycode: string, answer: ProcessRequestAnswer, vehicle: string): string {
  const order = answer.confirmationNumber ?? vehicle
  const mail = answer.mailQueuedTo ? `mail queued to ${answer.mailQueuedTo}` : 'no mail queued (no address on file)'
  return `Released ${keycode} for ${order}: ${mail}`
}

/** The keycode form of a request in progress: the keycode, and the PIN when the make has one (left out when empty). */
export const KeycodeFormSchema = ProcessRequestBodySchema.pick({ keycode: true, pincode: true, keyBlank: true, transponder: true })
export type KeycodeForm = z.infer<typeof KeycodeFormSchema>

/**
 * The release gate's form (docs/decisions/013): a guest's order needs the licence photos checked or a reason, a
 * member whose account is not validated needs a reason; a reason, when given, is at least OVERRIDE_REASON_MIN long.
 */
export function releaseGateFormSchema(isGuest: boolean) {
  return z
    .object({ identityChecked: z.boolean(), overrideReason: z.string().trim().max(500) })
    .superRefine(({ identityChecked, overrideReason }, ctx) => {
      const isTooShort = overrideReason !== '' && overrideReason.length < OVERRIDE_REASON_MIN
      const isMissing = overrideReason === '' && !(isGuest && identityChecked)
      if (!isTooShort && !isMissing) return
      const message = isGuest && !isTooShort ? ADMIN_MESSAGES.releaseCheckOrReason : ADMIN_MESSAGES.releaseReasonTooShort
      ctx.addIssue({ code: 'custom', message, path: ['overrideReason'] })
    })
}
export type ReleaseGateForm = z.infer<ReturnType<typeof releaseGateFormSchema>>

/** GET /admin/releases.csv: a date range of release days (UTC), both ends included. */
export const ReleasesExportQuerySchema = z
  .object({
    from: filterDaySchema('Give the first day as YYYY-MM-DD.'),
    to: filterDaySchema('Give the last day as YYYY-MM-DD.'),
  })
  .refine((range) => range.from <= range.to, { message: 'The first day must not be after the last day.', path: ['from'] })

/** The "Download releases" form: both days chosen (a date input answers '' when empty), the first not after the last. */
export const ReleasesExportFormSchema = z
  .object({
    from: z.string().min(1, ADMIN_MESSAGES.releaseDaysRequired).pipe(ReleasesExportQuerySchema.shape.from),
    to: z.string().min(1, ADMIN_MESSAGES.releaseDaysRequired).pipe(ReleasesExportQuerySchema.shape.to),
  })
  .refine((range) => range.from <= range.to, { message: ADMIN_MESSAGES.releaseDaysOrder, path: ['from'] })
export type ReleasesExportForm = z.infer<typeof ReleasesExportFormSchema>

/** GET /admin/queue-counts: the size of each queue and how many of them are past their deadline. */
export const AdminQueueCountsSchema = z.object({
  pending: z.number().int(),
  inProgress: z.number().int(),
  overduePending: z.number().int(),
  overdueInProgress: z.number().int(),
  /** Addition: the buyers' problem reports still waiting for an answer (docs/decisions/027). */
  openProblemReports: z.number().int().default(0),
})
export type AdminQueueCounts = z.infer<typeof AdminQueueCountsSchema>

/** GET /admin/failed-keycode-mails: keycode mails the outbox gave up on, so an admin can contact the buyer. */
export const FailedKeycodeMailSchema = z.object({
  vehicleRequestId: z.string(),
  to: z.string(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
  vehicle: z.string(),
})
export const FailedKeycodeMailListSchema = z.array(FailedKeycodeMailSchema)

export { ADMIN_MESSAGES }

/**
 * GET /admin/users: registered users for the admin panel (docs/product.md, 'Back office (admins and super admins)')
 * under the API contract's names (docs/product.md, 'Back office'); frontId, backId and insurance are links an admin can open (null when none was uploaded). adminNotes
 * repeats adminApprovalNotes for the web app's panel.
 */
export const AdminUserSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  state: z.string().nullable(),
  isActive: z.boolean(),
  isValidatedUser: z.boolean(),
  trialEndsAt: z.string().nullable(),
  adminApprovalNotes: z.string().nullable(),
  frontId: z.string().nullable(),
  backId: z.string().nullable(),
  insurance: z.string().nullable(),
  adminNotes: z.string().nullable(),
  /** Added: how the user's documents stand, so the lists show each user's review state without opening them. */
  documentReview: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  /** Added: when the account was closed (docs/decisions/035), null while open; its data goes ACCOUNT_DATA_KEEP_DAYS later. */
  closedAt: z.string().nullable(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>
export const AdminUserListSchema = z.array(AdminUserSchema)
export const NotesBodySchema = z.object({ notes: z.string().trim().max(2000) })

export const UserHistoryQuerySchema = z.object({ email: z.string().trim().toLowerCase().min(1).max(254) })
/** The User History form: an empty box asks for nothing, so the form takes '' where the query needs an e-mail. */
export const UserHistoryFormSchema = z.object({ email: z.string().trim().toLowerCase().max(254) })
export type UserHistoryForm = z.infer<typeof UserHistoryFormSchema>
export const UserHistoryEntrySchema = z.object({
  transactionId: z.string(),
  status: RequestStatusSchema,
  /** The confirmation number of the paid order holding the request; null while unpaid. */
  confirmationNumber: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  vin: z.string(),
})

/** A compliance document as the back office reads it (docs/product.md, 'Back office', in the API contract). */
export const ComplianceDocumentSchema = z.object({
  id: z.string(),
  docType: z.string(),
  verified: z.boolean().nullable(),
  uploadedAt: z.string(),
  reviewNotes: z.string().nullable(),
  fileUrl: z.string(),
  /** Who reviewed the document and when; null while it waits for a review. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
})
export const ReviewDocumentBodySchema = z.object({ verified: z.boolean(), notes: z.string().trim().max(2000).optional() })

/** The review of one document on the back-office screens: notes are optional to approve, and the reason to reject. */
export const DocumentReviewFormSchema = z
  .object({ verified: z.boolean(), notes: z.string().trim().max(2000, 'Keep the notes under 2000 characters.') })
  .refine((review) => review.verified || review.notes !== '', { message: 'Say why the document is rejected.', path: ['notes'] })
export type DocumentReviewForm = z.infer<typeof DocumentReviewFormSchema>

export const ActionEntrySchema = z.object({
  id: z.number(),
  actorId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  createdAt: z.string(),
  /** What the entry's details say, in words: a release's delivery channels, an override's reason, a decision's notes. */
  summary: z.string().nullable(),
})

/** A user's review state in a few words, as the back office's user lists show it, e.g. 'Not validated · 2 to review'. */
export function userReviewState(user: Pick<AdminUser, 'isActive' | 'isValidatedUser' | 'documentReview' | 'closedAt'>): string {
  const { pending, approved, rejected } = user.documentReview
  const account = user.closedAt ? 'Closed' : !user.isActive ? 'Revoked' : user.isValidatedUser ? 'Validated' : 'Not validated'
  if (pending + approved + rejected === 0) return `${account} · no documents`
  const parts = [pending > 0 && `${pending} to review`, rejected > 0 && `${rejected} rejected`].filter(Boolean)
  return `${account} · ${parts.length > 0 ? parts.join(', ') : 'documents approved'}`
}

export const ADMIN_USER_MESSAGES = {
  validated: 'User validated successfully.',
  revoked: 'User access revoked.',
  notesUpdated: 'Notes updated.',
  reviewed: 'Document reviewed.',
} as const
