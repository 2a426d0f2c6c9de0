import { TrialStatusSchema } from '@keydesk/contracts/subscription'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { cartKeys } from '../../../lib/cart-keys.ts'
import { sessionQueryKey } from '../../session/session-query.ts'
import { membershipKeys } from './membership-keys.ts'

const StartTrialAnswerSchema = TrialStatusSchema.extend({ message: z.string() })

/** docs/product.md, 'The API contract' ('Plans, trial and compliance'): POST /trial/start with a tier (default BASIC); the trial status and the session change with it. */
export function useStartTrial() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (tier: 'BASIC' | 'PROFESSIONAL' | 'ENTERPRISE' = 'BASIC') =>
      apiRequest(`/trial/start?tier=${tier}`, { method: 'POST', schema: StartTrialAnswerSchema }),
    onSuccess: (answer) => {
      const { message: _message, ...status } = answer
      queryClient.setQueryData(membershipKeys.trialStatus(), status)
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey })
      void queryClient.invalidateQueries({ queryKey: cartKeys.all })
    },
  })
}
