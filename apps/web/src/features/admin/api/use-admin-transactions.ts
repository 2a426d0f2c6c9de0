import { AdminTransactionListSchema } from '@keydesk/contracts/payments'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { adminKeys } from './admin-keys.ts'
import { ADMIN_PAGE_SIZE, toAdminPage } from './admin-page.ts'
import type { TransactionFilters } from './transaction-filters.ts'

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
