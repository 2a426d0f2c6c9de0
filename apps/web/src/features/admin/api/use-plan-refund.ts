import { PlanRefundIssuedSchema, PlanRefundPreviewSchema } from '@keydesk/contracts/refunds'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { adminKeys } from './admin-keys.ts'

/** GET /admin/subscriptions/{id}/refund: what issuing would pay now, asked afresh each time the dialog opens. */
export function usePlanRefundPreview(subscriptionId: string | null) {
  return useQuery({
    queryKey: adminKeys.planRefund(subscriptionId ?? ''),
    queryFn: ({ signal }) => apiRequest(`/admin/subscriptions/${subscriptionId}/refund`, { schema: PlanRefundPreviewSchema, signal }),
    enabled: subscriptionId !== null,
    staleTime: 0,
    gcTime: 0,
  })
}

/** POST /admin/subscriptions/{id}/refund; the server decides the amount again as it issues it. */
export function useIssuePlanRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      apiRequest(`/admin/subscriptions/${subscriptionId}/refund`, { method: 'POST', schema: PlanRefundIssuedSchema }),
    onSettled: (_answer, _error, subscriptionId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.allSubscriptions() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.planRefund(subscriptionId) }),
      ]),
  })
}
