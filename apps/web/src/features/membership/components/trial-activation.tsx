import { trialBenefits } from '@keydesk/contracts/plan-benefits'
import { TRIAL_LENGTH_DAYS, TRIAL_MESSAGES } from '@keydesk/contracts/subscription'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { primaryLinkClass, secondaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { loginPathFor } from '../../session/login-redirect.ts'
import { useSession } from '../../session/use-session.ts'
import { useStartTrial } from '../api/use-start-trial.ts'
import { useTrialAccess } from '../api/use-trial-status.ts'
import { describeTrialTimeLeft } from '../trial-access.ts'

const TRIAL_START_PATH = `${paths.membership}?trial=start`

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises', /membership?trial=start: the free trial (3 days, no automatic charge) and its Start button. */
export function TrialActivation() {
  const session = useSession()
  return (
    <PageFrame title="Start your free trial" width="narrow">
      <div className="space-y-6">
        <div className="space-y-3 text-slate-700">
          <p>
            Try premium free for {TRIAL_LENGTH_DAYS} days. The trial is free and there is <strong>no automatic charge</strong> when it ends:
            you will not be billed unless you choose a plan yourself.
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {trialBenefits('BASIC').map((benefit) => (
              <li key={benefit}>{benefit}.</li>
            ))}
          </ul>
        </div>
        {session.status === 'loading' && <Spinner />}
        {session.status === 'signed-out' && (
          <Link to={loginPathFor(TRIAL_START_PATH)} className={primaryLinkClass}>
            Log in to start your trial
          </Link>
        )}
        {session.user?.role === 'BASEUSER' && <StartTrial />}
        {session.user && session.user.role !== 'BASEUSER' && (
          <Alert tone="info">The free trial is for business accounts; staff accounts do not need one.</Alert>
        )}
      </div>
    </PageFrame>
  )
}

function StartTrial() {
  const access = useTrialAccess()
  const start = useStartTrial()
  const [startedMessage, setStartedMessage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const onStart = () => {
    setError(null)
    start.mutate('BASIC', {
      onSuccess: (answer) => setStartedMessage(answer.message),
      onError: (failure) => setError(failure instanceof ApiError && failure.status === 409 ? failure.message : TRIAL_MESSAGES.startFailed),
    })
  }

  if (access.isLoading) return <Spinner />
  const trial = access.trial
  const timeLeft = trial?.isActive ? describeTrialTimeLeft(trial.trialEndsAt) : null
  const onward = (
    <div className="flex flex-wrap gap-3">
      <Link to={paths.vehicleKeycodeRequest} className={primaryLinkClass}>
        Request a keycode
      </Link>
      <Link to={paths.membership} className={secondaryLinkClass}>
        See membership plans
      </Link>
    </div>
  )

  if (startedMessage || trial?.isActive) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          {startedMessage ?? 'Your free trial is active.'}
          {timeLeft && ` ${timeLeft}.`}
        </Alert>
        {onward}
      </div>
    )
  }
  if (trial?.accessType === 'paid' || trial?.hasTrial) {
    return (
      <div className="space-y-4">
        <Alert tone="info">{trial.accessType === 'paid' ? TRIAL_MESSAGES.alreadySubscribed : TRIAL_MESSAGES.alreadyUsed}</Alert>
        {onward}
      </div>
    )
  }
  return (
    <div className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <Button onClick={onStart} isBusy={start.isPending} className="w-full">
        Start my {TRIAL_LENGTH_DAYS}-day free trial
      </Button>
    </div>
  )
}
