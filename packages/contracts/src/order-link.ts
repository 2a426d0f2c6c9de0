import { z } from 'zod'
import { OrderRefundSchema } from './keycode-refunds.ts'
import { ProblemMessageSchema, ProblemReasonSchema, ProblemReportViewSchema } from './problem-reports.ts'
import { RequestStatusSchema } from './request-status.ts'

/** How long the link in a guest's keycode mail keeps working (docs/decisions/013). */
export const ORDER_LINK_TTL_DAYS = 30

/** POST /order-link (docs/product.md, 'Payments and orders'): the token travels in the body, never in a logged URL. */
export const OrderLinkBodySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This order link is not complete. Open it again from your e-mail.'),
})

/** One order as its link shows it: nothing about the buyer, nothing about any other order. */
export const OrderLinkViewSchema = z.object({
  confirmationNumber: z.string().nullable(),
  status: RequestStatusSchema,
  year: z.number(),
  make: z.string(),
  model: z.string(),
  vinLast4: z.string(),
  keycode: z.string().nullable(),
  pincode: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  /** Addition: the key type released with the code (docs/decisions/031); null when not given. */
  keyBlank: z.string().nullable().default(null),
  transponder: z.string().nullable().default(null),
  linkExpiresAt: z.string(),
  /** A REFUNDED order's refund (docs/decisions/026); null otherwise. */
  refund: OrderRefundSchema.nullable().default(null),
  /** The guest's problem reports on this order, oldest first (docs/decisions/027). */
  problemReports: z.array(ProblemReportViewSchema).default([]),
})
export type OrderLinkView = z.infer<typeof OrderLinkViewSchema>

/** POST /order-link/problem-reports: a guest's report on the order their link shows. */
export const GuestProblemReportBodySchema = z.object({
  token: OrderLinkBodySchema.shape.token,
  reason: ProblemReasonSchema,
  message: ProblemMessageSchema,
})
export type GuestProblemReportBody = z.infer<typeof GuestProblemReportBodySchema>

export const ORDER_LINK_MESSAGES = {
  invalid: 'This order link is not valid or has expired. Contact support with your confirmation number to get your keycode.',
  loadFailed: 'Unable to load this order. Check your connection and try again.',
} as const
