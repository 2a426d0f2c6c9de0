import { TRIAL_LENGTH_DAYS } from '@keydesk/contracts/subscription-constants'
import { MINUTE_MS } from '@keydesk/contracts/time'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useNow } from '../../../lib/use-now.ts'
import { useSession } from '../../session/use-session.ts'
import { useTrialAccess } from '../api/use-trial-status.ts'
import { canOfferTrial, describeTrialTimeLeft, isTrialExpired, trialStatusFromUser } from '../trial-access.ts'

const DISMISSED_KEY = 'keydesk.trialExpiredDismissed'

const readDismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY)
  } catch {
    return null
  }
}

const linkClass = 'font-semibold underline underline-offset-2'

/**
 * docs/product.md, 'Plans, trial, the premium rule and turnaround promises', for business users in the app shell: the offer banner (no trial yet, no premium access), the
 * countdown during a trial, and the trial-expired notice with Upgrade Now and Dismiss.
 */
export function TrialNotices() {
  const { user } = useSession()
  const trialAccess = useTrialAccess()
  // Until the status comes, the signed-in user's stored data stands in: the notice then draws with the page rather
  // than arriving a moment later and pushing the page down under the reader's pointer.
  const trial = trialAccess.trial ?? (trialAccess.isLoading && user ? trialStatusFromUser(user) : null)
  const location = useLocation()
  // Moved on every minute, so the countdown stays true while the page is open.
  const now = useNow(MINUTE_MS).getTime()
  // Dismissal holds for this trial for the rest of the browser session.
  const [dismissedFor, setDismissedFor] = useState(readDismissed)
  if (!trial) return null

  if (isTrialExpired(trial)) {
    if (dismissedFor === trial.trialEndsAt) return null
    const dismiss = () => {
      setDismissedFor(trial.trialEndsAt)
      try {
        sessionStorage.setItem(DISMISSED_KEY, trial.trialEndsAt ?? '')
      } catch {
        // Storage blocked: the notice stays dismissed until the page reloads.
      }
    }
    return (
      <section aria-label="Trial expired" className="border-b border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
          <p className="flex-1">Your free trial has ended. Choose a membership plan to keep member prices and priority processing.</p>
          <Link to={paths.membership} className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700">
            Upgrade Now
          </Link>
          <button type="button" onClick={dismiss} className="rounded-md px-3 py-1.5 font-semibold hover:bg-yellow-100">
            Dismiss
          </button>
        </div>
      </section>
    )
  }

  // A member who bought a plan during the trial is past it: no countdown once a paid plan is active.
  if (trial.isActive && trial.accessType !== 'paid') {
    const timeLeft = describeTrialTimeLeft(trial.trialEndsAt, now)
    if (!timeLeft) return null
    return (
      <section aria-label="Your free trial" className="bg-brand-900 px-4 py-2 text-center text-sm text-white">
        Free premium trial: {timeLeft}.{' '}
        <Link to={paths.membership} className={linkClass}>
          Choose a plan
        </Link>
      </section>
    )
  }

  // The trial activation page makes the same offer itself.
  const isOnTrialPage = location.pathname === paths.membership && new URLSearchParams(location.search).get('trial') === 'start'
  if (canOfferTrial(trial) && !isOnTrialPage) {
    return (
      <section aria-label="Free trial offer" className="bg-brand-900 px-4 py-2 text-center text-sm text-white">
        Try premium free for {TRIAL_LENGTH_DAYS} days, with no automatic charge.{' '}
        <Link to={`${paths.membership}?trial=start`} className={linkClass}>
          Start your free trial
        </Link>
      </section>
    )
  }
  return null
}
