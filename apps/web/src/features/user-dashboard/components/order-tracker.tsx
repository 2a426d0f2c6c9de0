import { ORDER_TRACKER_LABELS, type OrderTracker as Tracker } from '@keydesk/contracts/vehicle-request'

const STEPS = ['ACCOUNT', 'DOCS', 'PROCESSING', 'COMPLETED'] as const

/** Spec 4: the last step flagged true sets the progress point. */
export function progressPoint(tracker: Tracker): number {
  let point = -1
  STEPS.forEach((step, index) => {
    if (tracker[step]) point = index
  })
  return point
}

export function OrderTracker({ tracker }: { tracker: Tracker }) {
  const point = progressPoint(tracker)
  return (
    <ol aria-label="Order tracker" className="grid grid-cols-4 gap-2">
      {STEPS.map((step, index) => (
        <li key={step} aria-current={index === point ? 'step' : undefined} className="text-center text-sm">
          <span
            aria-hidden="true"
            className={`mx-auto mb-1 block h-3 w-3 rounded-full ${index <= point ? 'bg-brand-600' : 'bg-slate-300'}`}
          />
          {ORDER_TRACKER_LABELS[step]}
          <span className="sr-only">{tracker[step] ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ol>
  )
}
