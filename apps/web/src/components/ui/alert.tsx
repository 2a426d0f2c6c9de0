import type { ReactNode } from 'react'

type Tone = 'error' | 'success' | 'info' | 'warning'

const tones: Record<Tone, string> = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-green-300 bg-green-50 text-green-800',
  info: 'border-brand-600/30 bg-brand-50 text-brand-900',
  warning: 'border-yellow-300 bg-yellow-50 text-yellow-900',
}

/**
 * A message box. Errors use role="alert" so they are announced at once; other tones use
 * role="status" so they are announced politely.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  onDismiss,
}: {
  tone?: Tone
  title?: string
  children: ReactNode
  onDismiss?: () => void
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-md border px-4 py-3 text-sm ${tones[tone]}`}
    >
      <div className="flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <div>{children}</div>
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="rounded px-1 font-semibold" aria-label="Dismiss message">
          ×
        </button>
      )}
    </div>
  )
}
