import type { Credentials } from '@keydesk/contracts/credentials'
import { trackerNextStep } from '@keydesk/contracts/tracker-next-step'
import { ORDER_TRACKER_LABELS, type OrderTracker as Tracker } from '@keydesk/contracts/vehicle-request'
import { Link } from 'react-router'
import { profileTabPath } from '../../../lib/paths.ts'

const STEPS = ['ACCOUNT', 'DOCS', 'PROCESSING', 'COMPLETED'] as const

/** The order tracker of docs/product.md, 'Screens and routes (web)': the last step flagged true sets the progress point. */
export function progressPoint(tracker: Tracker): number {
  let point = -1
  STEPS.forEach((step, index) => {
    if (tracker[step]) point = index
  })
  return point
}

/**
 * Each step is lit by its own flag, so no step shows as done before it has happened (decision 013); under the steps, one
 * sentence says whether the order waits on the member (with the way to act) or on our team.
 */
export function OrderTracker({
  tracker,
  credentials,
  label = 'Order tracker',
}: {
  tracker: Tracker
  credentials?: Credentials | undefined
  label?: string
}) {
  const point = progressPoint(tracker)
  const next = trackerNextStep(tracker, credentials)
  return (
    <div>
      <ol aria-label={label} className="grid grid-cols-4 gap-2">
        {STEPS.map((step, index) => (
          <li key={step} aria-current={index === point ? 'step' : undefined} className="text-center text-sm">
            <span
              aria-hidden="true"
              className={`mx-auto mb-1 block h-3 w-3 rounded-full ${tracker[step] ? 'bg-brand-600' : 'bg-slate-300'}`}
            />
            {ORDER_TRACKER_LABELS[step]}
            <span className="sr-only">{tracker[step] ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ol>
      <p className={`mt-2 text-sm ${next.isYourTurn ? 'font-semibold text-amber-900' : 'text-slate-700'}`}>
        {next.text}{' '}
        {next.isYourTurn && (
          <Link to={profileTabPath('credentials')} className="font-semibold text-brand-600 underline">
            Open Credentials
          </Link>
        )}
      </p>
    </div>
  )
}
