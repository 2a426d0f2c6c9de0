import type { ComponentProps } from 'react'
import { FieldShell } from './field-shell.tsx'

export interface FileFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string
  error?: string
  hint?: string
}

/** A labelled file input; the chosen file is read from the change event or the form library. */
export function FileField({ label, error, hint, id, className = '', ...rest }: FileFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="file"
          className={`block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 ${className}`}
          {...rest}
        />
      )}
    </FieldShell>
  )
}
