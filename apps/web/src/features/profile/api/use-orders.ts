import { OrdersAnswerSchema } from '@keydesk/contracts/profile'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { profileKeys } from './profile-keys.ts'

export function useOrders(page: number) {
  return useQuery({
    queryKey: profileKeys.orders(page),
    queryFn: ({ signal }) => apiRequest(`/user/orders?page=${page}`, { schema: OrdersAnswerSchema, signal }),
    placeholderData: keepPreviousData,
  })
}
