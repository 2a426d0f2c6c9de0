import { PaymentsAnswerSchema } from '@keydesk/contracts/receipts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { profileKeys } from './profile-keys.ts'

/** GET /user/payments: one page of the member's paid orders as receipts, newest first. */
export function usePayments(page: number) {
  return useQuery({
    queryKey: profileKeys.payments(page),
    queryFn: ({ signal }) => apiRequest(`/user/payments?page=${page}`, { schema: PaymentsAnswerSchema, signal }),
    placeholderData: keepPreviousData,
  })
}
