import { TRIAL_LENGTH_DAYS } from '@keydesk/contracts/subscription'
import { Link } from 'react-router'
import { primaryLinkClass } from '../../../components/ui/link-styles.ts'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { paths } from '../../../lib/paths.ts'

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises' /trial-details: the free 3-day premium trial. */
export function TrialDetailsPage() {
  return (
    <PageFrame title="Free premium trial" width="narrow">
      <div className="space-y-4 text-slate-700">
        <p>
          Try premium free for {TRIAL_LENGTH_DAYS} days. The trial is free and there is <strong>no automatic charge</strong> when it ends.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Priority processing in 30 minutes to 1 hour.</li>
          <li>Live support chat.</li>
          <li>Basic member prices on Ford, Nissan and Chevrolet, and 15% off one of those keycodes.</li>
          <li>One trial per account.</li>
        </ul>
        <p>When the trial ends you keep your account and can choose a plan or order at non-member prices.</p>
        <div className="flex flex-wrap items-center gap-4">
          {/* The activation page holds the one Start button, with sign-in first for visitors. */}
          <Link to={`${paths.membership}?trial=start`} className={primaryLinkClass}>
            Start your free trial
          </Link>
          <Link to={paths.membership} className="font-semibold text-brand-600 hover:underline">
            See membership plans
          </Link>
        </div>
      </div>
    </PageFrame>
  )
}
