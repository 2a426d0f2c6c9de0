import { AdminSubscriptionListSchema } from '@keydesk/contracts/subscription'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { adminKeys } from './admin-keys.ts'
import { ADMIN_PAGE_SIZE, toAdminPage } from './admin-page.ts'

export function useAdminSubscriptions(offset: number) {
  return useQuery({
    queryKey: adminKeys.subscriptions(offset),
    queryFn: async ({ signal }) =>
      toAdminPage(
        await apiRequest(`/admin/subscriptions?limit=${ADMIN_PAGE_SIZE + 1}&offset=${offset}`, {
          schema: AdminSubscriptionListSchema,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  })
}
