import { z } from 'zod'

/**
 * Chargebacks and refunds made at the payment provider (docs/product.md, 'Disputes and refunds made at the provider';
 * docs/decisions/028): what the release gate says of a disputed order, what the back office shows of a dispute, and the
 * super admin's review of a buyer who disputed a payment after their keycode went out.
 */

export const DISPUTE_STATUSES = ['OPEN', 'WON', 'LOST'] as const
export const DisputeStatusSchema = z.enum(DISPUTE_STATUSES)
export type DisputeStatus = z.infer<typeof DisputeStatusSchema>

/** How a dispute's state reads in the back office. */
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  OPEN: 'Open at the card issuer',
  WON: 'Won: the payment stands',
  LOST: 'Lost: the money went back to the buyer',
}

export const DISPUTE_MESSAGES = {
  releaseDisputeOpen:
    "This order's payment is disputed at the card issuer (a chargeback), so no keycode of it can be released until the dispute is closed.",
  releaseDisputeLost: "The buyer's card issuer took this order's payment back (a chargeback was lost), so its keycode cannot be released.",
  releaseAwaitingReview:
    'This buyer disputed a payment after a keycode had been released to them, so their orders wait for a super admin to review the account before any keycode is released.',
  notFound: 'No such dispute.',
  noReview: 'This dispute puts no review on the buyer, or the review was cleared already.',
  reviewCleared: "Review cleared: the buyer's orders can be released again.",
} as const

/**
 * The note on a line paid back in the provider's dashboard, which the buyer reads on the order beside the reason's
 * sentence (KEYCODE_REFUND_REASONS.REFUNDED_AT_PROVIDER).
 */
export const PROVIDER_REFUND_NOTE = 'Our team paid this order back to your card directly through our payment provider.'

/** The queue's mark on an order whose release is held by a dispute. */
export const DisputeHoldSchema = z.enum(['DISPUTE_OPEN', 'DISPUTE_LOST', 'AWAITING_REVIEW'])
export type DisputeHold = z.infer<typeof DisputeHoldSchema>
export const DISPUTE_HOLD_LABELS: Record<DisputeHold, string> = {
  DISPUTE_OPEN: 'payment disputed',
  DISPUTE_LOST: 'chargeback lost',
  AWAITING_REVIEW: 'buyer under dispute review',
}

/** Why the release gate refuses an order a dispute holds: said by the API and shown in the order panel beforehand. */
export const DISPUTE_HOLD_REFUSALS: Record<DisputeHold, string> = {
  DISPUTE_OPEN: DISPUTE_MESSAGES.releaseDisputeOpen,
  DISPUTE_LOST: DISPUTE_MESSAGES.releaseDisputeLost,
  AWAITING_REVIEW: DISPUTE_MESSAGES.releaseAwaitingReview,
}

/** One dispute as the back office reads it. */
export const PaymentDisputeViewSchema = z.object({
  id: z.string(),
  providerDisputeId: z.string(),
  confirmationNumber: z.string().nullable(),
  amountCents: z.number().int(),
  /** The card network's reason as the provider names it (fraudulent, product_not_received, ...). */
  reason: z.string(),
  status: DisputeStatusSchema,
  /** A keycode of the checkout had been released when the dispute arrived. */
  releasedBefore: z.boolean(),
  /** The buyer's further orders wait for a super admin until this is cleared. */
  reviewPending: z.boolean(),
  reviewClearedAt: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
})
export type PaymentDisputeView = z.infer<typeof PaymentDisputeViewSchema>

/** GET /super-admin/disputes: every buyer's newest disputes, and the refunds the provider reported failed. */
export const SuperAdminDisputesAnswerSchema = z.object({
  disputes: z.array(
    PaymentDisputeViewSchema.extend({
      /** The member, or null for a guest (whose checkout e-mail is the only contact). */
      buyer: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
    }),
  ),
  failedRefunds: z.array(
    z.object({
      id: z.string(),
      vehicleRequestId: z.string().nullable(),
      transactionId: z.string().nullable(),
      amountCents: z.number().int(),
      providerRefundId: z.string().nullable(),
      /** The provider's reason (expired_or_canceled_card, lost_or_stolen_card, ...). */
      lastError: z.string().nullable(),
      attemptedAt: z.string(),
    }),
  ),
})
export type SuperAdminDisputesAnswer = z.infer<typeof SuperAdminDisputesAnswerSchema>

/** POST /super-admin/disputes/{id}/clear-review. */
export const ClearDisputeReviewAnswerSchema = z.object({ message: z.string(), dispute: PaymentDisputeViewSchema })
export type ClearDisputeReviewAnswer = z.infer<typeof ClearDisputeReviewAnswerSchema>

/*
 * The sandbox's stand-ins for Stripe's dashboard and the card issuer (only without Stripe keys): a super admin, or a
 * developer signed in as one, raises what would otherwise only happen at Stripe, and the webhook runs as for Stripe.
 */
export const SandboxPaymentParamsSchema = z.object({ paymentIntentId: z.string().regex(/^pi_sbx_[0-9a-f]{24}$/) })
export const SandboxRefundParamsSchema = z.object({ refundId: z.string().regex(/^re_sbx_[0-9a-f]{24}$/) })
export const SandboxDisputeParamsSchema = z.object({ disputeId: z.string().regex(/^dp_sbx_[0-9a-f]{24}$/) })
export const SandboxDashboardRefundBodySchema = z.object({ amountCents: z.number().int().positive().max(10_000_000) })
/** Reasons Stripe gives for a failed refund. */
export const SandboxRefundFailureBodySchema = z.object({
  reason: z.enum(['expired_or_canceled_card', 'lost_or_stolen_card', 'declined', 'unknown']).default('expired_or_canceled_card'),
})
/** Reasons a card network gives for a dispute. */
export const SandboxDisputeBodySchema = z.object({
  reason: z.enum(['fraudulent', 'product_not_received', 'unrecognized', 'duplicate', 'general']).default('fraudulent'),
})
export const SandboxDisputeCloseBodySchema = z.object({
  paymentIntentId: SandboxPaymentParamsSchema.shape.paymentIntentId,
  outcome: z.enum(['won', 'lost']),
})
/** What the sandbox raised: the refund's or dispute's id at the "provider", and the event delivered. */
export const SandboxEventAnswerSchema = z.object({ id: z.string(), event: z.string(), message: z.string() })
export type SandboxEventAnswer = z.infer<typeof SandboxEventAnswerSchema>

export const SANDBOX_EVENT_MESSAGES = {
  refused: 'The sandbox has no such paid payment or refund, or the amount is more than is left of the payment.',
  delivered: (event: string) => `Delivered ${event} through the payment webhook.`,
} as const
