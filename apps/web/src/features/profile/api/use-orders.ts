import { OrdersAnswerSchema } from '@keydesk/contracts/profile'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

export function useOrders(page: number) {
  return useQuery({
    queryKey: ['member', 'orders', page],
    queryFn: ({ signal }) => apiRequest(`/user/orders?page=${page}`, { schema: OrdersAnswerSchema, signal }),
    placeholderData: keepPreviousData,
  })
}
