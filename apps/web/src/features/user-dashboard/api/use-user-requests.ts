import { ORDER_TRACKER_POLL_MS } from '@keydesk/contracts/limits'
import { OrderTrackerSchema, UserRequestsAnswerSchema } from '@keydesk/contracts/vehicle-request'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { userRequestKeys } from './user-request-keys.ts'

export function useUserRequests() {
  return useQuery({
    queryKey: userRequestKeys.list(),
    queryFn: ({ signal }) => apiRequest('/vehicle/user-requests', { schema: UserRequestsAnswerSchema, signal }),
    refetchInterval: ORDER_TRACKER_POLL_MS,
  })
}

/** docs/product.md §6: the order tracker is refreshed every 5 seconds; with a request, it follows that one order. */
export function useOrderTracker(requestId: string | null) {
  return useQuery({
    queryKey: userRequestKeys.tracker(requestId),
    queryFn: ({ signal }) =>
      apiRequest(`/vehicle/order-tracker${requestId ? `?requestId=${encodeURIComponent(requestId)}` : ''}`, {
        schema: OrderTrackerSchema,
        signal,
      }),
    refetchInterval: ORDER_TRACKER_POLL_MS,
  })
}
