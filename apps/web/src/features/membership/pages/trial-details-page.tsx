import { trialBenefits } from '@keydesk/contracts/plan-benefits'
import { TRIAL_LENGTH_DAYS, TRIAL_MESSAGES } from '@keydesk/contracts/subscription'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { primaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'
import { useTrialAccess } from '../api/use-trial-status.ts'
import { canOfferTrial, describeTrialTimeLeft } from '../trial-access.ts'

/** What a member's own trial stands at, in place of an offer they can no longer take; null while it can be started. */
function TrialStanding() {
  const { trial } = useTrialAccess()
  if (!trial || canOfferTrial(trial)) return null
  if (trial.accessType === 'paid') return <Alert tone="info">{TRIAL_MESSAGES.alreadySubscribed}</Alert>
  const timeLeft = trial.isActive ? describeTrialTimeLeft(trial.trialEndsAt) : null
  return <Alert tone="info">{timeLeft ? `Your free trial is running: ${timeLeft}.` : TRIAL_MESSAGES.alreadyUsed}</Alert>
}

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises' /trial-details: the free 3-day premium trial. */
export function TrialDetailsPage() {
  const { trial } = useTrialAccess()
  // Visitors are offered the trial (sign-in comes first); a member only while theirs is still to take.
  const canStart = !trial || canOfferTrial(trial)
  return (
    <PageFrame title="Free premium trial" width="narrow">
      <div className="space-y-4 text-slate-700">
        <p>
          Try premium free for {TRIAL_LENGTH_DAYS} days. The trial is free and there is <strong>no automatic charge</strong> when it ends.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {trialBenefits('BASIC').map((benefit) => (
            <li key={benefit}>{benefit}.</li>
          ))}
        </ul>
        <p>When the trial ends you keep your account and can choose a plan or order at non-member prices.</p>
        <TrialStanding />
        <div className="flex flex-wrap items-center gap-4">
          {/* The activation page holds the one Start button, with sign-in first for visitors. */}
          {canStart && (
            <Link to={`${paths.membership}?trial=start`} className={primaryLinkClass}>
              Start your free trial
            </Link>
          )}
          <Link to={paths.membership} className="font-semibold text-brand-600 hover:underline">
            See membership plans
          </Link>
        </div>
      </div>
    </PageFrame>
  )
}
