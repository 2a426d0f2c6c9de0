import { REQUEST_STATUS_LABELS, type RequestStatus } from '@keydesk/contracts/request-status'
import { SelectField } from '../../../components/ui/select-field.tsx'
import type { TransactionFilters } from '../api/transaction-filters.ts'

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  ...(Object.keys(REQUEST_STATUS_LABELS) as RequestStatus[]).map((status) => ({ value: status, label: REQUEST_STATUS_LABELS[status] })),
]
const SORT_OPTIONS = [
  { value: '', label: 'None' },
  { value: 'confirmation', label: 'Confirmation number' },
  { value: 'status', label: 'Status' },
] as const
const ORDER_OPTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const

/** docs/product.md, 'Back office (admins and super admins)': status filter and sort for the transactions; the dashboard's search box above feeds their search too. */
export function TransactionFilterBar({ value, onChange }: { value: TransactionFilters; onChange: (next: TransactionFilters) => void }) {
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 sm:items-end">
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
