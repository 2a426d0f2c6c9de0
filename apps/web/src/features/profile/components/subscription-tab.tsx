import type { UserView } from '@keydesk/contracts/auth'
import { SUBSCRIPTION_STATUS_LABELS, TIER_LABELS } from '@keydesk/contracts/subscription'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useTrialAccess } from '../../membership/api/use-trial-status.ts'
import { describeTrialTimeLeft } from '../../membership/trial-access.ts'

const MINUTE_MS = 60 * 1000

/** The member's plan as the session knows it (`user.subscription` in docs/product.md, 'Accounts and sessions'), with the way to change it. */
export function SubscriptionTab({ user }: { user: UserView }) {
  const { tier, status } = user.subscription
  const { trial } = useTrialAccess()
  const now = useNow(MINUTE_MS).getTime()
  // A trial leaves the stored plan at NONE and ACTIVE, which read 'No plan · Active': the trial is named with its tier
  // and the same time left as the banner instead.
  const runningTrial = tier === 'NONE' && trial?.isActive && trial.accessType === 'trial' ? trial : null
  const timeLeft = runningTrial ? describeTrialTimeLeft(runningTrial.trialEndsAt, now) : null
  const trialEndsAt = runningTrial?.trialEndsAt
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">Plan</dt>
          <dd className="font-semibold text-slate-900">
            {runningTrial ? `Free trial of ${TIER_LABELS[runningTrial.trialTier ?? 'BASIC']}` : TIER_LABELS[tier]}
          </dd>
        </div>
        {runningTrial && timeLeft && (
          <div>
            <dt className="text-sm text-slate-600">Time left</dt>
            <dd className="font-semibold text-slate-900">{timeLeft}</dd>
          </div>
        )}
        {/* Without a plan there is nothing for a status to describe. */}
        {tier !== 'NONE' && (
          <div>
            <dt className="text-sm text-slate-600">Status</dt>
            <dd className="font-semibold text-slate-900">{SUBSCRIPTION_STATUS_LABELS[status]}</dd>
          </div>
        )}
        {trialEndsAt && (
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
