import { toDollars } from '@keydesk/contracts/money'
import type { PaymentReceipt } from '@keydesk/contracts/receipts'
import { stringify } from 'csv-stringify/sync'
import { guardFormula } from '../../../lib/csv-cells.ts'

const HEADER = ['Confirmation number', 'Date', 'Kind', 'Item', 'Price rule', 'Amount (USD)']

/**
 * docs/product.md, 'Receipts': a month's receipts for the books, one row per charged line and one per refund (a
 * negative amount), so the month's rows add up to what was paid after refunds. Texts are guarded and quoted as every
 * CSV of the API is; amounts are numbers (a negative refund is not a formula).
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
  return stringify([HEADER, ...rows], {
    quoted_string: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    cast: { string: guardFormula, number: (amount) => amount.toFixed(2) },
  })
}
