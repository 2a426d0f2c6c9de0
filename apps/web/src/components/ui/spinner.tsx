/** A busy indicator with a text alternative; `label` is read out and, unless `hideLabel`, shown. */
export function Spinner({ label = 'Loading...', hideLabel = false }: { label?: string; hideLabel?: boolean }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
    </span>
  )
}
