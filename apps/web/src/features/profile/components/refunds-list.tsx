import { formatDollars } from '@keydesk/contracts/money'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import type { RefundHistoryEntry } from '@keydesk/contracts/profile'
import { DataTable } from '../../../components/ui/data-table.tsx'

/** Plan refunds paid back to the member (docs/decisions/020), beside the orders they were paid for. */
export function RefundsList({ refunds }: { refunds: RefundHistoryEntry[] }) {
  return (
    <section aria-labelledby="refunds-heading" className="space-y-2">
      <h3 id="refunds-heading" className="font-semibold text-slate-900">
        Refunds
      </h3>
      <DataTable
        label="Your refunds"
        rows={refunds}
        rowKey={(refund) => refund.id}
        columns={[
          { header: 'Refunded on', cell: (refund) => new Date(refund.refundedAt).toLocaleDateString() },
          { header: 'Plan', cell: (refund) => planLineName(refund.tier, refund.billing) },
          { header: 'Order', className: 'font-mono', cell: (refund) => refund.confirmationNumber ?? '–' },
          { header: 'Amount', className: 'md:text-right', cell: (refund) => formatDollars(refund.amountCents) },
        ]}
      />
    </section>
  )
}
