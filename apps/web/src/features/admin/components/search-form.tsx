import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

export const DASHBOARD_SEARCH_LABEL = 'Search by VIN, confirmation number, e-mail or name'
export const USER_SEARCH_LABEL = 'Search by name, e-mail, phone or company'

export interface SearchFormProps {
  /** Names the form for assistive technology, e.g. 'Search users'. */
  name: string
  label: string
  value: string
  onChange: (search: string) => void
}

/**
 * The back office's search box (decision 016): terms match from their start, so the search runs on submit rather
 * than on every keystroke; Clear shows while a search is applied.
 */
export function SearchForm({ name, label, value, onChange }: SearchFormProps) {
  const [draft, setDraft] = useState(value)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    onChange(draft.trim())
  }

  function clear() {
    setDraft('')
    onChange('')
  }

  return (
    <form aria-label={name} onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-64">
        <TextField label={label} value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} />
      </div>
      <Button type="submit">Search</Button>
      {value && (
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      )}
    </form>
  )
}
