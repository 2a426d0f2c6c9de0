import { formatDollars } from '@keydesk/contracts/money'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import type { RefundHistoryEntry } from '@keydesk/contracts/profile'

/** Plan refunds paid back to the member (docs/decisions/020), beside the orders they were paid for. */
export function RefundsList({ refunds }: { refunds: RefundHistoryEntry[] }) {
  return (
    <section aria-labelledby="refunds-heading" className="space-y-2">
      <h3 id="refunds-heading" className="font-semibold text-slate-900">
        Refunds
      </h3>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your refunds</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2">
              Refunded on
            </th>
            <th scope="col">Plan</th>
            <th scope="col">Order</th>
            <th scope="col" className="text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id} className="border-b border-slate-100">
              <td className="py-2">{new Date(refund.refundedAt).toLocaleDateString()}</td>
              <td>{planLineName(refund.tier, refund.billing)}</td>
              <td className="font-mono">{refund.confirmationNumber ?? '–'}</td>
              <td className="text-right">{formatDollars(refund.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
