import { type ReactNode, useId } from 'react'

export interface FieldShellProps {
  /** The control's id; a generated one when not given. */
  id?: string
  label: string
  error?: string
  hint?: string
  /** Renders the control with the id and the aria attributes that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode
}

export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** Label, hint and error around one control, announced with it. */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const describedBy = [hint ? `${controlId}-hint` : '', error ? `${controlId}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="space-y-1">
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${controlId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${controlId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-700'
