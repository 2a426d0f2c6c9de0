import { formatDollars } from '@keydesk/contracts/money'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import { SUBSCRIPTION_STATUS_LABELS } from '@keydesk/contracts/subscription'
import { Button } from '../../../components/ui/button.tsx'
import { ADMIN_FAILURES } from '../admin-error-text.ts'
import type { useAdminSubscriptions } from '../api/use-admin-subscriptions.ts'
import { PagedPanel } from './paged-panel.tsx'

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
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Plan
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Member
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Refund
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((subscription) => {
                const plan = planLineName(subscription.tier, subscription.billing)
                return (
                  <tr key={subscription.id} className="border-t border-slate-200">
                    <td className="px-3 py-2">{plan}</td>
                    <td className="px-3 py-2">
                      {subscription.userEmail === null ? (
                        <span className="text-slate-500 italic">User Inactive</span>
                      ) : (
                        <>
                          {subscription.memberName && <span className="block">{subscription.memberName}</span>}
                          <span className="block break-all text-slate-600">{subscription.userEmail}</span>
                        </>
                      )}
                    </td>
                    <td className="px-3 py-2">{SUBSCRIPTION_STATUS_LABELS[subscription.status]}</td>
                    <td className="px-3 py-2">
                      {subscription.refundedCents !== null ? (
                        `Refunded ${formatDollars(subscription.refundedCents)}`
                      ) : onRefund && subscription.billing === 'ANNUAL' && subscription.status !== 'EXPIRED' ? (
                        <Button
                          variant="secondary"
                          aria-label={`Refund the ${plan} of ${subscription.memberName ?? subscription.userEmail ?? 'an inactive user'}`}
                          onClick={() => onRefund(subscription.id)}
                        >
                          Refund…
                        </Button>
                      ) : (
                        '–'
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </PagedPanel>
  )
}
