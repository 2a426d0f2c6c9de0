import { type InputHTMLAttributes, useId } from 'react'
import { controlClass, describedBy, FieldShell } from './field-shell.tsx'

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string
  hint?: string
}

/** A labelled text input whose error is announced with it; works with react-hook-form's `register`. */
export function TextField({
  label,
  error,
  hint,
  id,
  className = '',
  ref,
  ...rest
}: TextFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={`${controlClass} ${className}`}
        {...rest}
      />
    </FieldShell>
  )
}
