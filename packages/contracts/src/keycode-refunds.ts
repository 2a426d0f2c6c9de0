import { z } from 'zod'
import { formatDollars } from './money.ts'

/**
 * Refunds of keycode orders (docs/product.md, 'Orders that end without a keycode'; docs/decisions/026). The Refund
 * Policy refunds a keycode order only when no keycode is available, after a service failure or a payment processing
 * error; these are the policy's times, which the policy page, the mails and the order views all render from here.
 */
export const REFUND_REVIEW_BUSINESS_DAYS = { min: 2, max: 3 } as const
export const REFUND_PROCESSING_BUSINESS_DAYS = { min: 5, max: 10 } as const
export const REFUND_BANK_DAYS = { min: 3, max: 5 } as const

const span = (days: { min: number; max: number }) => `${days.min}-${days.max}`

/** The policy page's sentence on how long a refund takes, with the total it adds up to. */
export const REFUND_TIMES_SENTENCE = `Review ${span(REFUND_REVIEW_BUSINESS_DAYS)} business days, processing ${span(REFUND_PROCESSING_BUSINESS_DAYS)} business days, then ${span(REFUND_BANK_DAYS)} days at your bank: ${REFUND_REVIEW_BUSINESS_DAYS.min + REFUND_PROCESSING_BUSINESS_DAYS.min + REFUND_BANK_DAYS.min}-${REFUND_REVIEW_BUSINESS_DAYS.max + REFUND_PROCESSING_BUSINESS_DAYS.max + REFUND_BANK_DAYS.max} business days in total.`

/** When the money shows, said to a buyer whose refund has been paid back to the provider. */
export const REFUND_ARRIVAL_SENTENCE = `Your bank shows it within ${span(REFUND_PROCESSING_BUSINESS_DAYS)} business days.`

/** Why an admin ends a paid order as "No keycode available": the short list of the order panel. */
export const NO_KEYCODE_REASONS = {
  NO_CODE_IN_PORTAL: "The manufacturer's portal has no keycode for this VIN.",
  VEHICLE_NOT_SUPPORTED: 'This vehicle is not supported.',
  MANUFACTURER_REFUSED: 'The manufacturer refused the request.',
  OTHER: 'Another reason, given in the note.',
} as const
export type NoKeycodeReason = keyof typeof NO_KEYCODE_REASONS
export const NoKeycodeReasonSchema = z.enum(Object.keys(NO_KEYCODE_REASONS) as [NoKeycodeReason, ...NoKeycodeReason[]])

/** The policy's other two grounds, which only a super admin may refund on (docs/decisions/027). */
export const SUPER_ADMIN_REFUND_REASONS = {
  SERVICE_FAILURE: 'Our service failed to deliver your order in time (downtime over 24 hours).',
  PAYMENT_ERROR: 'You were charged because of a payment processing error.',
} as const
export type SuperAdminRefundReason = keyof typeof SUPER_ADMIN_REFUND_REASONS
export const SuperAdminRefundReasonSchema = z.enum(
  Object.keys(SUPER_ADMIN_REFUND_REASONS) as [SuperAdminRefundReason, ...SuperAdminRefundReason[]],
)

/**
 * Every reason a keycode line can be refunded for, as the buyer reads it: the admin's no-keycode list, the super admin's
 * two, a problem report's refund that a released code did not work, and a refund made in the provider's own dashboard.
 */
export const KEYCODE_REFUND_REASONS = {
  ...NO_KEYCODE_REASONS,
  ...SUPER_ADMIN_REFUND_REASONS,
  CODE_DID_NOT_WORK: 'The keycode we released did not work.',
  REFUNDED_AT_PROVIDER: 'Refunded through our payment provider.',
} as const
export type KeycodeRefundReason = keyof typeof KEYCODE_REFUND_REASONS

/** The short names the reason list shows; the sentences above are what the buyer reads. */
export const NO_KEYCODE_REASON_LABELS: Record<NoKeycodeReason, string> = {
  NO_CODE_IN_PORTAL: 'The portal has no code for this VIN',
  VEHICLE_NOT_SUPPORTED: 'The vehicle is not supported',
  MANUFACTURER_REFUSED: 'The manufacturer refused the request',
  OTHER: 'Other',
}

export const NOTE_MIN = 3
export const NOTE_MAX = 1000

export const KEYCODE_REFUND_MESSAGES = {
  reasonRequired: 'Choose why no keycode is available.',
  noteRequired: `Write a note to the buyer of at least ${NOTE_MIN} characters.`,
  noteTooLong: `Keep the note to ${NOTE_MAX} characters.`,
  notFound: 'No such order.',
  notPaid: 'Only a paid order can be refunded.',
  released: 'This order has already been released, so it cannot be ended as no keycode available.',
  refunded: 'This order has already been refunded.',
  inProgress: 'A refund of this order is already being issued. Wait a minute and reload the queue.',
  beingRefunded: 'This order is being refunded, so its keycode cannot be released.',
  otherProvider: 'This order was paid through another payment provider than the one configured now; refund it there.',
  providerFailed: 'The payment provider did not confirm the refund, so nothing is recorded as refunded. Please try again.',
  issued: (amountCents: number) => `Order ended as no keycode available; ${formatDollars(amountCents)} refunded to the buyer.`,
  superAdminReasonRequired: 'Choose the policy ground for this refund.',
  refundedOnGround: (amountCents: number) => `${formatDollars(amountCents)} refunded to the buyer.`,
} as const

/** POST /admin/requests/{id}/no-keycode: why, and a note the buyer reads in the mail and on the order. */
export const NoKeycodeBodySchema = z.object({
  reason: NoKeycodeReasonSchema,
  note: z.string().trim().min(NOTE_MIN, KEYCODE_REFUND_MESSAGES.noteRequired).max(NOTE_MAX, KEYCODE_REFUND_MESSAGES.noteTooLong),
})
export type NoKeycodeBody = z.infer<typeof NoKeycodeBodySchema>

/** The order panel's form: the reason starts unchosen (a select answers ''), so it has its own message. */
export const NoKeycodeFormSchema = z.object({
  reason: z.union([z.literal(''), NoKeycodeReasonSchema]).refine((value) => value !== '', KEYCODE_REFUND_MESSAGES.reasonRequired),
  note: NoKeycodeBodySchema.shape.note,
})
export type NoKeycodeForm = z.input<typeof NoKeycodeFormSchema>

/** POST /super-admin/requests/{id}/refund: a super admin pays back any paid keycode line on the policy's other grounds. */
export const SuperAdminRefundBodySchema = z.object({
  reason: SuperAdminRefundReasonSchema,
  note: NoKeycodeBodySchema.shape.note,
})
export type SuperAdminRefundBody = z.infer<typeof SuperAdminRefundBodySchema>

export const SuperAdminRefundFormSchema = z.object({
  reason: z
    .union([z.literal(''), SuperAdminRefundReasonSchema])
    .refine((value) => value !== '', KEYCODE_REFUND_MESSAGES.superAdminReasonRequired),
  note: NoKeycodeBodySchema.shape.note,
})
export type SuperAdminRefundForm = z.input<typeof SuperAdminRefundFormSchema>

/** The short names of the super admin's two grounds. */
export const SUPER_ADMIN_REFUND_REASON_LABELS: Record<SuperAdminRefundReason, string> = {
  SERVICE_FAILURE: 'Service failure (downtime over 24 hours)',
  PAYMENT_ERROR: 'Payment processing error',
}

export const NoKeycodeAnswerSchema = z.object({
  message: z.string(),
  vehicleRequestId: z.string(),
  amountCents: z.number().int(),
  refundedAt: z.string(),
})
export type NoKeycodeAnswer = z.infer<typeof NoKeycodeAnswerSchema>

/** A refunded order as its buyer sees it: how much, on which day, why, and the admin's note to them. */
export const OrderRefundSchema = z.object({
  amountCents: z.number().int(),
  refundedAt: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
})
export type OrderRefund = z.infer<typeof OrderRefundSchema>
