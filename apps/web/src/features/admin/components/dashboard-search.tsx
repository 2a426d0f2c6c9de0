import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'

export const DASHBOARD_SEARCH_LABEL = 'Search by VIN, confirmation number, e-mail or name'

/**
 * One search for the whole dashboard (decision 016): both queues and the transactions. Terms match from their
 * start, so it runs on submit rather than on every keystroke.
 */
export function DashboardSearch({ value, onChange }: { value: string; onChange: (search: string) => void }) {
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
    <form aria-label="Search requests and transactions" onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-64">
        <TextField label={DASHBOARD_SEARCH_LABEL} value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} />
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
