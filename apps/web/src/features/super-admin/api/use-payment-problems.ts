import { ClearDisputeReviewAnswerSchema, SuperAdminDisputesAnswerSchema } from '@keydesk/contracts/disputes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { superAdminKeys } from './use-super-admin.ts'

/** GET /super-admin/disputes: the newest disputes and the refunds the provider reported failed (docs/decisions/028). */
export function usePaymentProblems() {
  return useQuery({
    queryKey: superAdminKeys.paymentProblems(),
    queryFn: ({ signal }) => apiRequest('/super-admin/disputes', { schema: SuperAdminDisputesAnswerSchema, signal }),
  })
}

/** POST /super-admin/disputes/{id}/clear-review; the list is read again. */
export function useClearReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (disputeId: string) =>
      apiRequest(`/super-admin/disputes/${encodeURIComponent(disputeId)}/clear-review`, {
        method: 'POST',
        schema: ClearDisputeReviewAnswerSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: superAdminKeys.paymentProblems() }),
  })
}
