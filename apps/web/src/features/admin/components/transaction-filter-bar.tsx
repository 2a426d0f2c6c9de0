import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import type { TransactionFilters } from '../api/use-admin-transactions.ts'

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'INPROGRESS', label: 'In Progress' },
  { value: 'FULFILLED', label: 'Fulfilled' },
] as const
const SORT_OPTIONS = [
  { value: '', label: 'None' },
  { value: 'confirmation', label: 'Confirmation number' },
  { value: 'status', label: 'Status' },
] as const
const ORDER_OPTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const

/**
 * Spec 2.7: search (VIN or confirmation number), status filter and sort for the transactions. The search is
 * an exact match, so it runs on submit rather than on every keystroke; the selects apply at once.
 */
export function TransactionFilterBar({ value, onChange }: { value: TransactionFilters; onChange: (next: TransactionFilters) => void }) {
  const [search, setSearch] = useState(value.search)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    onChange({ ...value, search: search.trim() })
  }

  function clearSearch() {
    setSearch('')
    onChange({ ...value, search: '' })
  }

  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-[2fr_1fr_1fr_1fr] md:items-end">
      <form aria-label="Search transactions" onSubmit={onSubmit} className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="Search by VIN or confirmation number"
            value={search}
            maxLength={64}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
        {value.search && (
          <Button variant="secondary" onClick={clearSearch}>
            Clear
          </Button>
        )}
      </form>
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as TransactionFilters['status'] })}
      />
      <SelectField
        label="Sort by"
        options={SORT_OPTIONS}
        value={value.sortBy}
        onChange={(event) => onChange({ ...value, sortBy: event.target.value as TransactionFilters['sortBy'] })}
      />
      <SelectField
        label="Order"
        options={ORDER_OPTIONS}
        value={value.sortOrder}
        onChange={(event) => onChange({ ...value, sortOrder: event.target.value as TransactionFilters['sortOrder'] })}
      />
    </div>
  )
}
