import { ORDER_TRACKER_POLL_MS } from '@keydesk/contracts/limits'
import { OrderTrackerSchema, UserRequestsAnswerSchema } from '@keydesk/contracts/vehicle-request'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { userRequestKeys } from './user-request-keys.ts'

/** GET /vehicle/user-requests under its one key: the dashboard polls it, other screens read it once. */
export const userRequestsQuery = () =>
  queryOptions({
    queryKey: userRequestKeys.list(),
    queryFn: ({ signal }) => apiRequest('/vehicle/user-requests', { schema: UserRequestsAnswerSchema, signal }),
  })

export function useUserRequests() {
  return useQuery({ ...userRequestsQuery(), refetchInterval: ORDER_TRACKER_POLL_MS })
}

/**
 * The tracker of one paid order, refreshed every 5 seconds (docs/product.md, 'Constants'). Without one (null) nothing is asked:
 * the account-wide answer would light steps for a member whose requests all still wait in the cart.
 */
export function useOrderTracker(requestId: string | null) {
  return useQuery({
    queryKey: userRequestKeys.tracker(requestId),
    queryFn: ({ signal }) =>
      apiRequest(`/vehicle/order-tracker?requestId=${encodeURIComponent(requestId ?? '')}`, { schema: OrderTrackerSchema, signal }),
    enabled: requestId !== null,
    refetchInterval: ORDER_TRACKER_POLL_MS,
  })
}
