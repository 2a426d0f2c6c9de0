import type { BulkCheckAnswer } from '@keydesk/contracts/bulk'
import { formatDollars } from '@keydesk/contracts/money'

/**
 * What the batch will charge, as the API priced its rows under the member's plan (the cart's own rule), so the
 * member sees the sum before adding it; rows without a make yet are counted out, and said to be.
 */
export function BatchTotal({ total, rowCount }: { total: NonNullable<BulkCheckAnswer['total']>; rowCount: number }) {
  const unpriced = rowCount - total.pricedRows
  return (
    <p className="mt-4 text-base">
      {unpriced > 0 ? `Total of the ${total.pricedRows} priced ${total.pricedRows === 1 ? 'row' : 'rows'}` : 'Batch total'}:{' '}
      <strong data-testid="bulk-total">{formatDollars(total.chargeCents)}</strong>
      <span className="block text-sm text-slate-600">
        {unpriced > 0 ? `${unpriced} ${unpriced === 1 ? 'row has' : 'rows have'} no price until its make is chosen. ` : ''}
        Each row at your plan's price, as your cart will charge it.
      </span>
    </p>
  )
}
