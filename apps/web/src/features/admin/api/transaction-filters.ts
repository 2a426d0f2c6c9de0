import type { RequestStatus } from '@keydesk/contracts/request-status'

/** docs/product.md, 'Back office (admins and super admins)': the dashboard's search, status filter and sort; '' means "All" or "none". */
export interface TransactionFilters {
  status: '' | RequestStatus
  /** A VIN or a confirmation number, matched exactly (case-insensitive) by the API. */
  search: string
  sortBy: '' | 'confirmation' | 'status'
  sortOrder: 'asc' | 'desc'
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = { status: '', search: '', sortBy: '', sortOrder: 'desc' }
