import type { OrderRefund } from '@keydesk/contracts/keycode-refunds'
import { formatDollars } from '@keydesk/contracts/money'

const refundDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

/**
 * A refunded order (docs/decisions/026 and 027), as its buyer reads it wherever the order shows: how much was paid back
 * and on which day, why in the policy's words (no keycode available, or another ground), and the team's note to them.
 */
export function RefundNotice({ refund }: { refund: OrderRefund }) {
  return (
    <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <p className="font-semibold">
        {formatDollars(refund.amountCents)} refunded on <time dateTime={refund.refundedAt}>{refundDay(refund.refundedAt)}</time>
      </p>
      <p>{refund.reason}</p>
      {refund.note && <p className="mt-1 break-words">Note from our team: {refund.note}</p>}
    </div>
  )
}
