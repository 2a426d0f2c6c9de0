import { toDollars } from '@keydesk/contracts/money'
import type { PaymentReceipt } from '@keydesk/contracts/receipts'
import { stringify } from 'csv-stringify/sync'
import { guardFormula } from '../../../lib/csv-cells.ts'

// Business and Location come last, so a sheet that reads the first six columns by position reads them as before.
const HEADER = ['Confirmation number', 'Date', 'Kind', 'Item', 'Price rule', 'Amount (USD)', 'Business', 'Location']

/** The Enterprise business and location a row's keycode was ordered for; empty for a plan or an order of one's own. */
export interface ReceiptRowPlace {
  business: string
  location: string
}

export const NO_PLACE: ReceiptRowPlace = { business: '', location: '' }

/** A receipt with the place of each of its lines and refunds, in their order. */
export interface PlacedReceipt {
  receipt: PaymentReceipt
  linePlaces: ReceiptRowPlace[]
  refundPlaces: ReceiptRowPlace[]
}

/**
 * docs/product.md, 'Receipts': a month's receipts for the books, one row per charged line and one per refund (a
 * negative amount), so the month's rows add up to what was paid after refunds. Texts are guarded and quoted as every
 * CSV of the API is; amounts are numbers (a negative refund is not a formula). A keycode ordered for an Enterprise
 * business names the business and its location (docs/decisions/039), so the books can split the month by shop.
 */
export function monthReceiptsCsv(receipts: PlacedReceipt[]): string {
  const rows = receipts.flatMap(({ receipt, linePlaces, refundPlaces }) => {
    const date = receipt.paidAt.slice(0, 10)
    return [
      ...receipt.lines.map((line, index) => [
        receipt.confirmationNumber,
        date,
        line.kind === 'SUBSCRIPTION' ? 'Plan' : 'Keycode',
        line.name,
        line.priceRule ?? '',
        toDollars(line.amountCents),
        linePlaces[index]?.business ?? '',
        linePlaces[index]?.location ?? '',
      ]),
      ...receipt.refunds.map((refund, index) => [
        receipt.confirmationNumber,
        refund.refundedAt.slice(0, 10),
        'Refund',
        refund.what,
        '',
        -toDollars(refund.amountCents),
        refundPlaces[index]?.business ?? '',
        refundPlaces[index]?.location ?? '',
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
