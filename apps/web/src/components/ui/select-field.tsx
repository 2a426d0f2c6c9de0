import { type SelectHTMLAttributes, useId } from 'react'
import { controlClass, describedBy, FieldShell } from './field-shell.tsx'

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string
  options: readonly (string | { value: string; label: string })[]
  /** The first, empty choice (e.g. 'Select a state'); omitted when not given. */
  placeholder?: string
  error?: string
  hint?: string
}

export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  className = '',
  ref,
  ...rest
}: SelectFieldProps & { ref?: React.Ref<HTMLSelectElement> }) {
  const generatedId = useId()
  const selectId = id ?? generatedId
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={`${controlClass} ${className}`}
        {...rest}
      >
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
    </FieldShell>
  )
}
