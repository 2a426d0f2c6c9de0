import { AdminTransactionListSchema } from '@keydesk/contracts/payments'
import type { RequestStatus } from '@keydesk/contracts/request-status'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { adminKeys } from './admin-keys.ts'
import { ADMIN_PAGE_SIZE, toAdminPage } from './admin-page.ts'

/** docs/product.md, 'Back office (admins and super admins)': the dashboard's search, status filter and sort; '' means "All" or "none". */
export interface TransactionFilters {
  status: '' | RequestStatus
  /** A VIN or a confirmation number, matched exactly (case-insensitive) by the API. */
  search: string
  sortBy: '' | 'confirmation' | 'status'
  sortOrder: 'asc' | 'desc'
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = { status: '', search: '', sortBy: '', sortOrder: 'desc' }

/** The query string of GET /admin/transactions; empty choices are left out. */
export function toTransactionParams(filters: TransactionFilters, offset: number): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.search.trim()) params.set('search', filters.search.trim())
  if (filters.sortBy) params.set('sortBy', filters.sortBy)
  params.set('sortOrder', filters.sortOrder)
  params.set('limit', String(ADMIN_PAGE_SIZE + 1))
  params.set('offset', String(offset))
  return params
}

export function useAdminTransactions(filters: TransactionFilters, offset: number) {
  return useQuery({
    queryKey: adminKeys.transactions(filters, offset),
    queryFn: async ({ signal }) =>
      toAdminPage(
        await apiRequest(`/admin/transactions?${toTransactionParams(filters, offset)}`, { schema: AdminTransactionListSchema, signal }),
      ),
    placeholderData: keepPreviousData,
  })
}
