import { UserSubscriptionSchema } from '@keydesk/contracts/subscription'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { membershipKeys } from './membership-keys.ts'

/** docs/product.md, 'The API contract' GET /user/subscription: the member's latest plan (tier NONE without one). */
export function useUserSubscription(isEnabled: boolean) {
  return useQuery({
    queryKey: membershipKeys.subscription(),
    queryFn: ({ signal }) => apiRequest('/user/subscription', { schema: UserSubscriptionSchema, signal }),
    enabled: isEnabled,
  })
}

/** POST /user/subscription/cancel: the plan ends at the close of its period (docs/product.md, 'Plans, trial, the premium rule and turnaround promises'). */
export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest('/user/subscription/cancel', { method: 'POST', schema: UserSubscriptionSchema.extend({ message: z.string() }) }),
    onSuccess: ({ message: _message, ...plan }) => queryClient.setQueryData(membershipKeys.subscription(), plan),
  })
}

/**
 * POST /user/subscription/refund-request (docs/decisions/032): the member asks for the Refund Policy's refund now; the
 * plan stops renewing and ends when our team pays it back.
 */
export function useRequestPlanRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest('/user/subscription/refund-request', { method: 'POST', schema: UserSubscriptionSchema.extend({ message: z.string() }) }),
    onSuccess: ({ message: _message, ...plan }) => queryClient.setQueryData(membershipKeys.subscription(), plan),
  })
}
