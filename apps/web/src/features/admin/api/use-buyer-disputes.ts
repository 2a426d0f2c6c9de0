import { UserDetailsAnswerSchema } from '@keydesk/contracts/accounts-api'
import { ClearDisputeReviewAnswerSchema } from '@keydesk/contracts/disputes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { adminKeys } from './admin-keys.ts'

/**
 * A member's payment disputes, newest first (docs/decisions/028), as the account's details answer them to admins
 * (GET /auth/getUserProfile/{id}).
 */
export function useBuyerDisputes(userId: string) {
  return useQuery({
    queryKey: adminKeys.buyerDisputes(userId),
    queryFn: ({ signal }) => apiRequest(`/auth/getUserProfile/${encodeURIComponent(userId)}`, { schema: UserDetailsAnswerSchema, signal }),
    select: (details) => details.disputes ?? [],
  })
}

/** POST /super-admin/disputes/{id}/clear-review: the buyer's orders may be released again; the queues are read anew. */
export function useClearDisputeReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (disputeId: string) =>
      apiRequest(`/super-admin/disputes/${encodeURIComponent(disputeId)}/clear-review`, {
        method: 'POST',
        schema: ClearDisputeReviewAnswerSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
