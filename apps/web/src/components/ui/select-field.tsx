import type { ComponentProps } from 'react'
import { controlClass, FieldShell } from './field-shell.tsx'

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: string
  options: readonly (string | { value: string; label: string })[]
  /** The first, empty choice (e.g. 'Select a state'); omitted when not given. */
  placeholder?: string
  error?: string
  hint?: string
}

export function SelectField({ label, options, placeholder, error, hint, id, className = '', ...rest }: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} className={`${controlClass} ${className}`} {...rest}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option
            return (
              <option key={value} value={value}>
                {text}
              </option>
            )
          })}
        </select>
      )}
    </FieldShell>
  )
}
