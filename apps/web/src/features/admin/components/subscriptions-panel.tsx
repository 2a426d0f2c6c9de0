import type { SubscriptionTier } from '@keydesk/contracts/subscription'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ADMIN_FAILURES, adminErrorText } from '../admin-error-text.ts'
import { ADMIN_PAGE_SIZE } from '../api/admin-page.ts'
import type { useAdminSubscriptions } from '../api/use-admin-subscriptions.ts'
import { Pager } from './pager.tsx'

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase()
const tierLabel = (tier: SubscriptionTier) => titleCase(tier)

export interface SubscriptionsPanelProps {
  subscriptions: ReturnType<typeof useAdminSubscriptions>
  offset: number
  onOffsetChange: (offset: number) => void
}

/** docs/product.md §8: subscriptions with id, tier and the member's e-mail, or 'User Inactive' when the account is gone. */
export function SubscriptionsPanel({ subscriptions, offset, onOffsetChange }: SubscriptionsPanelProps) {
  const page = subscriptions.data
  return (
    <section aria-labelledby="subscriptions-heading" aria-busy={subscriptions.isFetching || undefined}>
      <h2 id="subscriptions-heading" className="text-xl font-semibold">
        Subscriptions
      </h2>
      <div className="mt-3">
        {subscriptions.isPending && <Spinner label="Loading subscriptions..." />}
        {subscriptions.isError && <Alert tone="error">{adminErrorText(subscriptions.error, ADMIN_FAILURES.subscriptions)}</Alert>}
        {page?.rows.length === 0 && <p className="text-slate-600">No subscriptions yet.</p>}
        {page && page.rows.length > 0 && (
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
                </tr>
              </thead>
              <tbody>
                {page.rows.map((subscription) => (
                  <tr key={subscription.id} className="border-t border-slate-200">
                    <td className="px-3 py-2 font-mono text-xs break-all">{subscription.id}</td>
                    <td className="px-3 py-2">{tierLabel(subscription.tier)}</td>
                    <td className="px-3 py-2">{titleCase(subscription.status)}</td>
                    <td className="px-3 py-2">{subscription.userEmail ?? <span className="text-slate-500 italic">User Inactive</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {page && (
        <Pager
          label="Subscriptions pages"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          hasMore={page.hasMore}
          onOffsetChange={onOffsetChange}
        />
      )}
    </section>
  )
}
