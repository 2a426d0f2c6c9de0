import { useQuery } from '@tanstack/react-query'
import { userRequestsQuery } from '../../user-dashboard/api/use-user-requests.ts'

/**
 * A member's paid orders, the ones a support message can be about (docs/decisions/034): read once for the form, under
 * the dashboard's key so a page opened from the dashboard asks nothing again.
 */
export function useOrdersToAttach(isMember: boolean) {
  return useQuery({
    ...userRequestsQuery(),
    enabled: isMember,
    select: (answer) =>
      [...answer.pendingRequests, ...answer.inProgressRequests, ...answer.fulfilledRequests]
        .filter((order) => order.paid)
        .map((order) => ({
          value: order.id,
          label: `${order.year} ${order.make.manufacturerName} ${order.model}${order.confirmationNumber ? `, ${order.confirmationNumber}` : ''}`,
        })),
  })
}
