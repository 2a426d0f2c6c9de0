import { z } from 'zod'
import { type KeycodeRefundReason, REFUND_REVIEW_BUSINESS_DAYS } from './keycode-refunds.ts'
import { RequestStatusSchema } from './request-status.ts'

/**
 * A buyer's report that a paid order went wrong, and the back office's answer (docs/product.md, 'Problem reports';
 * docs/decisions/027). The texts a buyer and an admin read are here, so the forms, the mails and the views agree.
 */
export const PROBLEM_REASONS = {
  LATE: 'The keycode did not arrive in the promised time.',
  CODE_DID_NOT_WORK: 'The keycode did not work.',
  CHARGED_WRONGLY: 'I was charged twice or wrongly.',
} as const
export type ProblemReason = keyof typeof PROBLEM_REASONS
export const ProblemReasonSchema = z.enum(Object.keys(PROBLEM_REASONS) as [ProblemReason, ...ProblemReason[]])

/** The policy's ground a report's refund is paid on. */
export const PROBLEM_REFUND_REASON: Record<ProblemReason, KeycodeRefundReason> = {
  LATE: 'SERVICE_FAILURE',
  CODE_DID_NOT_WORK: 'CODE_DID_NOT_WORK',
  CHARGED_WRONGLY: 'PAYMENT_ERROR',
}

export const PROBLEM_REPORT_STATUS_LABELS = {
  OPEN: 'Under review',
  REFUNDED: 'Refunded',
  RECHECKED: 'Sent back for a corrected keycode',
  DECLINED: 'Declined',
} as const
export type ProblemReportStatus = keyof typeof PROBLEM_REPORT_STATUS_LABELS
export const ProblemReportStatusSchema = z.enum(
  Object.keys(PROBLEM_REPORT_STATUS_LABELS) as [ProblemReportStatus, ...ProblemReportStatus[]],
)

/** Why an admin declines a report, as the buyer reads it; the first is the Refund Policy's own rule. */
export const PROBLEM_DECLINE_REASONS = {
  USER_ERROR: 'No refunds for user errors: wrong VIN, make, model or year.',
  CODE_CONFIRMED: 'We checked the keycode with the manufacturer and it is the right one for this VIN.',
  DELIVERED_ON_TIME: 'The keycode was delivered within the promised time.',
  CHARGE_CORRECT: 'The charge is correct: this order was charged once, at its price.',
  OTHER: 'Another reason, given in the note.',
} as const
export type ProblemDeclineReason = keyof typeof PROBLEM_DECLINE_REASONS
export const ProblemDeclineReasonSchema = z.enum(Object.keys(PROBLEM_DECLINE_REASONS) as [ProblemDeclineReason, ...ProblemDeclineReason[]])

export const PROBLEM_DECLINE_REASON_LABELS: Record<ProblemDeclineReason, string> = {
  USER_ERROR: 'User error (wrong VIN, make, model or year)',
  CODE_CONFIRMED: 'The keycode is correct',
  DELIVERED_ON_TIME: 'Delivered on time',
  CHARGE_CORRECT: 'The charge is correct',
  OTHER: 'Other',
}

/** A report is reviewed within the policy's review time, counted in business days. */
export const PROBLEM_REVIEW_BUSINESS_DAYS = REFUND_REVIEW_BUSINESS_DAYS.max

/**
 * The moment `days` business days after `from`, at the same time of day: Saturdays and Sundays are skipped (UTC
 * calendar days; public holidays are not counted out, so the clock is never longer than the policy's words).
 */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime())
  let left = days
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1)
    const weekday = at.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left -= 1
  }
  return at
}

export const PROBLEM_MESSAGE_MIN = 10
export const PROBLEM_MESSAGE_MAX = 2000
export const ANSWER_NOTE_MIN = 3
export const ANSWER_NOTE_MAX = 1000

export const PROBLEM_REPORT_MESSAGES = {
  reasonRequired: 'Choose what went wrong.',
  messageRequired: `Tell us what happened in at least ${PROBLEM_MESSAGE_MIN} characters.`,
  messageTooLong: `Keep the message to ${PROBLEM_MESSAGE_MAX} characters.`,
  notFound: 'No such order.',
  notPaid: 'A problem can be reported only on a paid order.',
  refunded: 'This order has already been refunded.',
  duplicate: 'You have already reported this problem on this order. We will answer it by e-mail.',
  notYetDue: 'This order is still within its promised time. If the keycode has not arrived by then, report it.',
  notReleased: 'The keycode of this order has not been released yet.',
  sent: `Problem reported. We review it within ${REFUND_REVIEW_BUSINESS_DAYS.min}-${REFUND_REVIEW_BUSINESS_DAYS.max} business days and e-mail you the answer.`,
  answerRequired: 'Choose an answer.',
  declineReasonRequired: 'Choose why the report is declined.',
  noteRequired: `Write a note to the buyer of at least ${ANSWER_NOTE_MIN} characters.`,
  noteTooLong: `Keep the note to ${ANSWER_NOTE_MAX} characters.`,
  reportNotFound: 'No such problem report.',
  answered: 'This report has already been answered.',
  beingRefunded: 'A refund of this order is being issued, so the report cannot be answered otherwise.',
  recheckNotReleased: 'Only a released keycode can be sent back for a corrected one; this order is still in the queue.',
  refundedAnswer: 'Report answered: the order is refunded and the buyer has been told.',
  recheckedAnswer: 'Report answered: the order is back in the pending queue for a corrected keycode.',
  declinedAnswer: 'Report declined; the buyer has been told why.',
} as const

export const ProblemMessageSchema = z
  .string()
  .trim()
  .min(PROBLEM_MESSAGE_MIN, PROBLEM_REPORT_MESSAGES.messageRequired)
  .max(PROBLEM_MESSAGE_MAX, PROBLEM_REPORT_MESSAGES.messageTooLong)

/** POST /vehicle/problem-reports: a member's report on one of their paid orders. */
export const ProblemReportBodySchema = z.object({
  vehicleRequestId: z.uuid(PROBLEM_REPORT_MESSAGES.notFound),
  reason: ProblemReasonSchema,
  message: ProblemMessageSchema,
})
export type ProblemReportBody = z.infer<typeof ProblemReportBodySchema>

/** The report form on the dashboard and the order link: the reason starts unchosen. */
export const ProblemReportFormSchema = z.object({
  reason: z.union([z.literal(''), ProblemReasonSchema]).refine((value) => value !== '', PROBLEM_REPORT_MESSAGES.reasonRequired),
  message: ProblemMessageSchema,
})
export type ProblemReportForm = z.input<typeof ProblemReportFormSchema>

/** A report as its buyer sees it: what they said, where it stands, and the answer in words once there is one. */
export const ProblemReportViewSchema = z.object({
  id: z.string(),
  reason: ProblemReasonSchema,
  message: z.string(),
  status: ProblemReportStatusSchema,
  reviewDueAt: z.string(),
  createdAt: z.string(),
  /** The decline's reason in the policy's words; null unless declined. */
  declineReason: z.string().nullable(),
  answerNote: z.string().nullable(),
  answeredAt: z.string().nullable(),
})
export type ProblemReportView = z.infer<typeof ProblemReportViewSchema>

/** GET /vehicle/problem-reports: the member's reports, newest first, each naming its order. */
export const MEMBER_PROBLEM_REPORTS_LIMIT = 200
export const MemberProblemReportListSchema = z.object({
  reports: z.array(ProblemReportViewSchema.extend({ vehicleRequestId: z.string() })),
})
export type MemberProblemReportList = z.infer<typeof MemberProblemReportListSchema>

export const ProblemReportCreatedSchema = z.object({ message: z.string(), report: ProblemReportViewSchema })
export type ProblemReportCreated = z.infer<typeof ProblemReportCreatedSchema>

const note = z
  .string()
  .trim()
  .min(ANSWER_NOTE_MIN, PROBLEM_REPORT_MESSAGES.noteRequired)
  .max(ANSWER_NOTE_MAX, PROBLEM_REPORT_MESSAGES.noteTooLong)

/** POST /admin/problem-reports/{id}/answer: refund, re-check or decline, always with a note to the buyer. */
export const ProblemReportAnswerBodySchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('REFUND'), note }),
  z.object({ answer: z.literal('RECHECK'), note }),
  z.object({ answer: z.literal('DECLINE'), declineReason: ProblemDeclineReasonSchema, note }),
])
export type ProblemReportAnswerBody = z.infer<typeof ProblemReportAnswerBodySchema>

export const PROBLEM_ANSWER_LABELS = { REFUND: 'Refund', RECHECK: 'Re-check', DECLINE: 'Decline' } as const
export type ProblemAnswer = keyof typeof PROBLEM_ANSWER_LABELS

/** The back office's answer form; the decline reason matters only when declining. */
export const ProblemReportAnswerFormSchema = z
  .object({
    answer: z.union([z.literal(''), z.enum(['REFUND', 'RECHECK', 'DECLINE'])]),
    declineReason: z.union([z.literal(''), ProblemDeclineReasonSchema]),
    note,
  })
  .superRefine((form, context) => {
    if (form.answer === '') context.addIssue({ code: 'custom', path: ['answer'], message: PROBLEM_REPORT_MESSAGES.answerRequired })
    if (form.answer === 'DECLINE' && form.declineReason === '') {
      context.addIssue({ code: 'custom', path: ['declineReason'], message: PROBLEM_REPORT_MESSAGES.declineReasonRequired })
    }
  })
export type ProblemReportAnswerForm = z.input<typeof ProblemReportAnswerFormSchema>

/** One report in the back office's queue, with the order, its payment and its release beside it. */
export const AdminProblemReportSchema = ProblemReportViewSchema.extend({
  overdue: z.boolean(),
  vehicleRequestId: z.string(),
  order: z.object({
    confirmationNumber: z.string().nullable(),
    status: RequestStatusSchema,
    year: z.number(),
    make: z.string(),
    model: z.string(),
    vin: z.string(),
    paidAt: z.string().nullable(),
    paidCents: z.number().int().nullable(),
    dueAt: z.string().nullable(),
    releasedAt: z.string().nullable(),
  }),
  /** The buyer in words: the member's name and e-mail, or the guest's checkout e-mail. */
  buyer: z.object({ name: z.string().nullable(), email: z.string().nullable(), guest: z.boolean() }),
})
export type AdminProblemReport = z.infer<typeof AdminProblemReportSchema>

export const PROBLEM_REPORTS_PAGE_SIZE = 25

export const AdminProblemReportsQuerySchema = z.object({
  status: ProblemReportStatusSchema.default('OPEN'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type AdminProblemReportsQuery = z.infer<typeof AdminProblemReportsQuerySchema>

export const AdminProblemReportListSchema = z.object({
  reports: z.array(AdminProblemReportSchema),
  total: z.number().int(),
  page: z.number().int(),
})
export type AdminProblemReportList = z.infer<typeof AdminProblemReportListSchema>
