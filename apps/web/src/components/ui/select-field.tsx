import type { ComponentProps } from 'react'
import { controlClass, FieldShell } from './field-shell.tsx'

type Option = string | { value: string; label: string }

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: string
  options?: readonly Option[]
  /** Options under headings (<optgroup>), e.g. states by country; shown after `options`. */
  groups?: readonly { label: string; options: readonly Option[] }[]
  /** The first, empty choice (e.g. 'Select a state'); omitted when not given. */
  placeholder?: string
  error?: string
  hint?: string
}

function renderOption(option: Option) {
  const { value, label } = typeof option === 'string' ? { value: option, label: option } : option
  return (
    <option key={value} value={value}>
      {label}
    </option>
  )
}

export function SelectField({ label, options = [], groups = [], placeholder, error, hint, id, className = '', ...rest }: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} className={`${controlClass} ${className}`} {...rest}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map(renderOption)}
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map(renderOption)}
            </optgroup>
          ))}
        </select>
      )}
    </FieldShell>
  )
}
