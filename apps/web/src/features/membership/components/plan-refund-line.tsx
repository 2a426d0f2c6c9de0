import { formatDollars } from '@keydesk/contracts/money'
import { planRefund, refundExplanation } from '@keydesk/contracts/refunds'
import type { UserSubscription } from '@keydesk/contracts/subscription'
import { longDate } from '../../../lib/dates.ts'

/**
 * The Refund Policy applied to the member's plan on `now`, by the same rule the server pays by (contracts/refunds.ts,
 * docs/decisions/020): the refund paid, the refund the policy gives today, or why there is none. Nothing when the
 * plan's fee is not known, since no amount could be stated honestly.
 */
export function PlanRefundLine({ subscription, now }: { subscription: UserSubscription; now: Date }) {
  const { billing, feeCents, startDate, endDate, refund } = subscription
  if (refund) {
    return (
      <p>
        Refunded {formatDollars(refund.amountCents)} on {longDate(refund.refundedAt)}, to the card you paid with.
      </p>
    )
  }
  if (!billing || !startDate || !endDate || (billing === 'ANNUAL' && feeCents === null)) return null
  const fee = feeCents ?? 0
  const due = planRefund({ billing, feeCents: fee, startDate, endDate, refunded: false }, now)
  if (due.reason) return <p>No refund: {refundExplanation(due, fee)}</p>
  return (
    <p>
      <span className="font-semibold">The Refund Policy gives {formatDollars(due.amountCents)} today</span>: {refundExplanation(due, fee)}
    </p>
  )
}
