import { type InputHTMLAttributes, useId } from 'react'
import { describedBy, FieldShell } from './field-shell.tsx'

export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string
  error?: string
  hint?: string
}

/** A labelled file input; the chosen file is read from the change event or the form library. */
export function FileField({
  label,
  error,
  hint,
  id,
  className = '',
  ref,
  ...rest
}: FileFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={`block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 ${className}`}
        {...rest}
      />
    </FieldShell>
  )
}
