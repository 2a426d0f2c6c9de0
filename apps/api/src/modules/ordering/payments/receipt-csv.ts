import { toDollars } from '@keydesk/contracts/money'
import type { PaymentReceipt } from '@keydesk/contracts/receipts'
import { guardFormula } from '../../../lib/csv-cells.ts'

const HEADER = ['Confirmation number', 'Date', 'Kind', 'Item', 'Price rule', 'Amount (USD)']

// Amounts are numbers and written as such (a negative refund is not a formula); every text is guarded and quoted.
const cell = (value: string | number) => (typeof value === 'number' ? value.toFixed(2) : `"${guardFormula(value).replaceAll('"', '""')}"`)

/**
 * docs/product.md, 'Receipts': a month's receipts for the books, one row per charged line and one per refund (a
 * negative amount), so the month's rows add up to what was paid after refunds.
 */
export function monthReceiptsCsv(receipts: PaymentReceipt[]): string {
  const rows = receipts.flatMap((receipt) => {
    const date = receipt.paidAt.slice(0, 10)
    return [
      ...receipt.lines.map((line) => [
        receipt.confirmationNumber,
        date,
        line.kind === 'SUBSCRIPTION' ? 'Plan' : 'Keycode',
        line.name,
        line.priceRule ?? '',
        toDollars(line.amountCents),
      ]),
      ...receipt.refunds.map((refund) => [
        receipt.confirmationNumber,
        refund.refundedAt.slice(0, 10),
        'Refund',
        refund.what,
        '',
        -toDollars(refund.amountCents),
      ]),
    ]
  })
  return `${[HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`
}
