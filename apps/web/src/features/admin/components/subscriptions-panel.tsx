import { formatDollars } from '@keydesk/contracts/money'
import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import { Button } from '../../../components/ui/button.tsx'
import { ADMIN_FAILURES } from '../admin-error-text.ts'
import type { useAdminSubscriptions } from '../api/use-admin-subscriptions.ts'
import { PagedPanel } from './paged-panel.tsx'

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase()
const tierLabel = (tier: SubscriptionTier) => titleCase(tier)

export interface SubscriptionsPanelProps {
  subscriptions: ReturnType<typeof useAdminSubscriptions>
  offset: number
  onOffsetChange: (offset: number) => void
  /** Opens the refund of a plan; given to super admins only, who alone may issue one (docs/decisions/020). */
  onRefund?: (subscriptionId: string) => void
}

/**
 * docs/product.md, 'Back office (admins and super admins)': subscriptions with id, tier and the member's e-mail, or 'User Inactive' when the account is gone;
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
                  ID
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Tier
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Billing
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Refund
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((subscription) => (
                <tr key={subscription.id} className="border-t border-slate-200">
                  <td className="px-3 py-2 font-mono text-xs break-all">{subscription.id}</td>
                  <td className="px-3 py-2">{tierLabel(subscription.tier)}</td>
                  <td className="px-3 py-2">{titleCase(subscription.status)}</td>
                  <td className="px-3 py-2">{subscription.userEmail ?? <span className="text-slate-500 italic">User Inactive</span>}</td>
                  <td className="px-3 py-2">{titleCase(subscription.billing)}</td>
                  <td className="px-3 py-2">
                    {subscription.refundedCents !== null ? (
                      `Refunded ${formatDollars(subscription.refundedCents)}`
                    ) : onRefund && subscription.billing === 'ANNUAL' && subscription.status !== 'EXPIRED' ? (
                      <Button variant="secondary" aria-label={`Refund plan ${subscription.id}`} onClick={() => onRefund(subscription.id)}>
                        Refund…
                      </Button>
                    ) : (
                      '–'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedPanel>
  )
}
