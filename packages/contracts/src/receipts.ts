import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.ts'
import { SUPPORT_CONTACT } from './support.ts'

/** Who sells: the receipt's first block (docs/product.md, 'Receipts'). The postal address comes from the server's settings. */
export const SELLER = { name: 'Keydesk', email: SUPPORT_CONTACT.email, phone: SUPPORT_CONTACT.phone } as const

/** One line of a payment as its checkout fixed it, with the rule that priced it in words (a keycode's plan discount, a plan's period). */
export const ReceiptLineSchema = z.object({
  kind: z.enum(['KEYCODE', 'SUBSCRIPTION']),
  name: z.string(),
  description: z.string(),
  /** How the line's price was reached, as the cart said it; null for a line priced before the rule was recorded. */
  priceRule: z.string().nullable(),
  amountCents: z.number().int(),
})
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>

/** A refund paid back on the payment: what it was for, the day and the amount. */
export const ReceiptRefundSchema = z.object({
  what: z.string(),
  refundedAt: z.string(),
  amountCents: z.number().int(),
})
export type ReceiptRefund = z.infer<typeof ReceiptRefundSchema>

/** One paid payment of the member, as its receipt states it (GET /user/payments). */
export const PaymentReceiptSchema = z.object({
  id: z.string(),
  confirmationNumber: z.string(),
  paidAt: z.string(),
  currency: z.string(),
  lines: z.array(ReceiptLineSchema),
  refunds: z.array(ReceiptRefundSchema),
  /** What the card was charged: the transaction's amount. */
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Charged less refunds paid. */
  netCents: z.number().int(),
  /**
   * The Enterprise business and the locations its keycodes were ordered for (docs/decisions/039), or null for orders
   * of one's own. Optional for receipts written by older servers.
   */
  orderedFor: z
    .object({ business: z.string(), locations: z.array(z.string()) })
    .nullable()
    .optional(),
})
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>

export const PaymentsAnswerSchema = z.object({
  payments: z.array(PaymentReceiptSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type PaymentsAnswer = z.infer<typeof PaymentsAnswerSchema>

export const PaymentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
})

export const RECEIPT_MESSAGES = {
  monthInvalid: 'Choose a month as YYYY-MM.',
  notFound: 'Payment not found.',
} as const

/** A calendar month, `2026-11`, for the month's receipts as CSV. */
export const ReceiptsMonthQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, RECEIPT_MESSAGES.monthInvalid),
})

/** The month's first instant and the next month's, in UTC (the CSV's month is a UTC calendar month, as the receipt's dates are). */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  return { from: new Date(Date.UTC(year, monthNumber - 1, 1)), to: new Date(Date.UTC(year, monthNumber, 1)) }
}

/** The receipt's totals from its parts: what a receipt states is always charged less refunds. */
export function receiptTotals(chargedCents: number, refunds: readonly { amountCents: number }[]) {
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0)
  return { chargedCents, refundedCents, netCents: chargedCents - refundedCents }
}

/** The receipt's file names: the confirmation number says which payment it is. */
export const receiptFileName = (confirmationNumber: string) => `keydesk-receipt-${confirmationNumber}.pdf`
export const monthReceiptsFileName = (month: string) => `keydesk-receipts-${month}.csv`
