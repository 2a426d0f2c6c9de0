import { z } from 'zod'
import { PageQuerySchema } from './admin.ts'
import { BULK_MAX_ROWS } from './bulk-limits.ts'
import { RequestStatusSchema } from './request-status.ts'

/**
 * POST /api/payments/create-checkout-session (docs/product.md, 'Payments and orders'). The amount and items the browser sends are only
 * checked against the server's own prices; what is charged always comes from the cart on the server.
 */
export const CheckoutItemSchema = z.object({
  id: z.string().max(100).optional(),
  name: z.string().max(200).optional(),
  price: z.number().optional(),
})
/**
 * The most cart lines one checkout may name: two full batches. The server charges its own cart and reads none of
 * them, so the bound only keeps the body's cost in proportion (100 refused a single 500-vehicle batch).
 */
export const CHECKOUT_ITEMS_MAX = 2 * BULK_MAX_ROWS
export const CreateCheckoutSessionBodySchema = z.object({
  amount: z.number().int().min(0).max(10_000_000),
  items: z
    .array(CheckoutItemSchema)
    .max(
      CHECKOUT_ITEMS_MAX,
      `A checkout may hold at most ${CHECKOUT_ITEMS_MAX.toLocaleString('en-US')} items: remove some from your cart and pay for them next.`,
    ),
  success_url: z.url().max(2000),
  cancel_url: z.url().max(2000),
  /** A guest pays for the cart of their guest identifier (docs/product.md, 'Guests'). */
  guestUserId: z.uuid().optional(),
})
export type CreateCheckoutSessionBody = z.infer<typeof CreateCheckoutSessionBodySchema>
export const CreateCheckoutSessionAnswerSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  confirmationNumber: z.string(),
})

/** POST /api/payments/process-payment-success: spec clients send the session id they were given as paymentIntentId. */
export const ProcessPaymentSuccessBodySchema = z
  .object({ paymentIntentId: z.string().min(1).max(255).optional(), sessionId: z.string().min(1).max(255).optional() })
  .refine((body) => body.paymentIntentId || body.sessionId, { message: 'A payment session is required.' })

export const TransactionStatusSchema = z.enum(['PENDING', 'PAID', 'FAILED', 'EXPIRED'])
/** A payment's status as the screens say it, never the stored code. */
export const TRANSACTION_STATUS_LABELS: Record<z.infer<typeof TransactionStatusSchema>, string> = {
  PENDING: 'Awaiting payment',
  PAID: 'Paid',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
}
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>

/** The answer of POST /api/payments/process-payment-success (docs/product.md, 'Payments and orders'): sessionId, status, amount (dollars), items (name, description). */
export const PaymentSessionSchema = z.object({
  sessionId: z.string(),
  status: TransactionStatusSchema,
  amount: z.number(),
  confirmationNumber: z.string(),
  items: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** Additions: what the line was charged (dollars), where it stands now, and when its code is due. */
      amount: z.number().optional(),
      state: z.enum(['WAITING', 'IN_PROGRESS', 'DELIVERED', 'REFUNDED', 'PLAN_ACTIVE']).optional(),
      dueAt: z.string().nullable().optional(),
    }),
  ),
  message: z.string(),
  /** Addition: the address the confirmation, the code and (for a guest) its secure order link go to. */
  receiptEmail: z.string().nullable().optional(),
  /** Addition: the member's keycode requests in this order, so the success page can open them in the dashboard. */
  requestIds: z.array(z.string()),
})
export type PaymentSession = z.infer<typeof PaymentSessionSchema>

/** What a paid line's state says on the success page: the truth of the order, not a badge. */
export const PAYMENT_ITEM_STATES = {
  WAITING: 'Paid, waiting for an admin',
  IN_PROGRESS: 'Being looked up',
  DELIVERED: 'Code delivered',
  REFUNDED: 'Refunded',
  PLAN_ACTIVE: 'Plan active',
} as const

/** A transaction on the admin list (GET /admin/transactions, docs/product.md, 'The API contract', 'Back office'): status is where the paid order stands (its least advanced request). */
export const AdminTransactionSchema = z.object({
  id: z.string(),
  confirmationNumber: z.string(),
  status: RequestStatusSchema,
  paymentStatus: TransactionStatusSchema,
  amount: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  customerEmail: z.string().nullable(),
  vehicles: z.array(
    z.object({ id: z.string(), make: z.string(), model: z.string(), vin: z.string(), status: z.string(), keycode: z.string().nullable() }),
  ),
  /** Addition: what has been paid back of this order, keycode lines and plan together, in cents (0 when nothing). */
  refundedCents: z.number().int().default(0),
})
export const AdminTransactionListSchema = z.array(AdminTransactionSchema)
export const AdminTransactionsQuerySchema = PageQuerySchema.extend({
  status: z.preprocess((value) => (value === '' || value === 'ALL' ? undefined : value), RequestStatusSchema.optional()),
  search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  sortBy: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['confirmation', 'status', 'createdAt']).optional()),
  sortOrder: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['asc', 'desc']).default('desc')),
})

/** Sandbox checkout test cards (Stripe's standard numbers). */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const

export const PAYMENT_MESSAGES = {
  createFailed: 'Failed to create checkout session. Please try again.',
  noUrl: 'No checkout URL received',
  success: 'Payment successful! Your order has been placed.',
  successButIssue: 'Payment successful but there was an issue processing your order. Please contact support.',
  failed: 'Payment failed. Please try again.',
  verifying: 'Verifying your payment...',
  emptyCart: 'Your cart is empty.',
  amountChanged: 'Your cart total has changed. Please review your cart and try again.',
  foreignUrl: 'Return addresses must be on this site.',
  notPaid: 'This payment has not been completed.',
  unknownSession: 'Payment session not found.',
  declined: 'Your card was declined.',
} as const

/** The sandbox checkout's card form (form-urlencoded), with the fields a hosted checkout asks for. */
export const SandboxCardFormSchema = z.object({
  email: z.string().trim().max(254).optional(),
  cardNumber: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().trim().max(200).default(''),
})
export type SandboxCardForm = z.infer<typeof SandboxCardFormSchema>

/** The sandbox checkout page's address: /sandbox-checkout/:sessionId. */
export const SandboxSessionParamsSchema = z.object({ sessionId: z.string().regex(/^cs_test_sbx_[0-9a-f]{48}$/) })
