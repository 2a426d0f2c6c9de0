import type { UserView } from '@keydesk/contracts/auth'
import { SUBSCRIPTION_STATUS_LABELS, TIER_LABELS } from '@keydesk/contracts/subscription'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

/** The member's plan as the session knows it (`user.subscription` in docs/product.md, 'Accounts and sessions'), with the way to change it. */
export function SubscriptionTab({ user }: { user: UserView }) {
  const { tier, status, trial, trialEndsAt } = user.subscription
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">Plan</dt>
          <dd className="font-semibold text-slate-900">{TIER_LABELS[tier]}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Status</dt>
          <dd className="font-semibold text-slate-900">{SUBSCRIPTION_STATUS_LABELS[status]}</dd>
        </div>
        {trial && trialEndsAt && (
          <div>
            <dt className="text-sm text-slate-600">Trial ends</dt>
            <dd className="font-semibold text-slate-900">{new Date(trialEndsAt).toLocaleString()}</dd>
          </div>
        )}
      </dl>
      <Link to={paths.subscriptions} className="inline-block font-semibold text-brand-600 underline">
        {tier === 'NONE' ? 'Choose a plan' : 'Manage subscription'}
      </Link>
    </div>
  )
}
