import type { ComponentProps } from 'react'
import { controlClass, FieldShell } from './field-shell.tsx'

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string
  error?: string
  hint?: string
}

/** A labelled text input whose error is announced with it; works with react-hook-form's `register`. */
export function TextField({ label, error, hint, id, className = '', ...rest }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {(control) => <input {...control} className={`${controlClass} ${className}`} {...rest} />}
    </FieldShell>
  )
}
