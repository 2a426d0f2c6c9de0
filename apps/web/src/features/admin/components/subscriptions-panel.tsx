import { formatDollars } from '@keydesk/contracts/money'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import { type AdminSubscription, SUBSCRIPTION_STATUS_LABELS } from '@keydesk/contracts/subscription'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable } from '../../../components/ui/data-table.tsx'
import { ADMIN_FAILURES } from '../admin-error-text.ts'
import type { useAdminSubscriptions } from '../api/use-admin-subscriptions.ts'
import { PagedPanel } from './paged-panel.tsx'

function Member({ subscription }: { subscription: AdminSubscription }) {
  if (subscription.userEmail === null) return <span className="text-slate-500 italic">User Inactive</span>
  return (
    <>
      {subscription.memberName && <span className="block">{subscription.memberName}</span>}
      <span className="block break-all text-slate-600">{subscription.userEmail}</span>
    </>
  )
}

function RefundCell({ subscription, onRefund }: { subscription: AdminSubscription; onRefund?: (subscriptionId: string) => void }) {
  if (subscription.refundedCents !== null) return `Refunded ${formatDollars(subscription.refundedCents)}`
  if (!onRefund || subscription.billing !== 'ANNUAL' || subscription.status === 'EXPIRED') return '–'
  const plan = planLineName(subscription.tier, subscription.billing)
  return (
    <Button
      variant="secondary"
      aria-label={`Refund the ${plan} of ${subscription.memberName ?? subscription.userEmail ?? 'an inactive user'}`}
      onClick={() => onRefund(subscription.id)}
    >
      Refund…
    </Button>
  )
}

export interface SubscriptionsPanelProps {
  subscriptions: ReturnType<typeof useAdminSubscriptions>
  offset: number
  onOffsetChange: (offset: number) => void
  /** Opens the refund of a plan; given to super admins only, who alone may issue one (docs/decisions/020). */
  onRefund?: (subscriptionId: string) => void
}

/**
 * docs/product.md, 'Back office (admins and super admins)': subscriptions by plan (its one name) and member (name and
 * e-mail, or 'User Inactive' when the account is gone), not by id;
 * a refund paid, and for a super admin the way to refund a running annual plan.
 */
export function SubscriptionsPanel({ subscriptions, offset, onOffsetChange, onRefund }: SubscriptionsPanelProps) {
  return (
    <PagedPanel
      title="Subscriptions"
      query={subscriptions}
      loading="Loading subscriptions..."
      failure={ADMIN_FAILURES.subscriptions}
      empty="No subscriptions yet."
      offset={offset}
      onOffsetChange={onOffsetChange}
    >
      {(rows) => (
        <DataTable
          label="Subscriptions"
          rows={rows}
          rowKey={(subscription) => subscription.id}
          columns={[
            { header: 'Plan', cell: (subscription) => planLineName(subscription.tier, subscription.billing) },
            { header: 'Member', cell: (subscription) => <Member subscription={subscription} /> },
            { header: 'Status', cell: (subscription) => SUBSCRIPTION_STATUS_LABELS[subscription.status] },
            { header: 'Refund', cell: (subscription) => <RefundCell subscription={subscription} onRefund={onRefund} /> },
          ]}
        />
      )}
    </PagedPanel>
  )
}
