import { ORDER_TRACKER_LABELS, type OrderTracker as Tracker } from '@keydesk/contracts/vehicle-request'

const STEPS = ['ACCOUNT', 'DOCS', 'PROCESSING', 'COMPLETED'] as const

/** The order tracker of docs/product.md, 'Screens and routes (web)': the last step flagged true sets the progress point. */
export function progressPoint(tracker: Tracker): number {
  let point = -1
  STEPS.forEach((step, index) => {
    if (tracker[step]) point = index
  })
  return point
}

/** Each step is lit by its own flag, so no step shows as done before it has happened (decision 013). */
export function OrderTracker({ tracker, label = 'Order tracker' }: { tracker: Tracker; label?: string }) {
  const point = progressPoint(tracker)
  return (
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
  )
}
