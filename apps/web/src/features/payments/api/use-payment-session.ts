import { PaymentSessionSchema } from '@keydesk/contracts/payments'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { sessionQueryKey } from '../../session/session-query.ts'

/**
 * docs/product.md §12 POST /api/payments/process-payment-success with the session id from the return address (sent as
 * paymentIntentId). The server fulfils a payment once, so asking again is safe; the cart emptied and a plan
 * bought changes the member's tier, so those are fetched again.
 */
export function usePaymentSession(sessionId: string | null) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: ['payment-session', sessionId],
    queryFn: async () => {
      const session = await apiRequest('/api/payments/process-payment-success', {
        method: 'POST',
        body: { paymentIntentId: sessionId },
        schema: PaymentSessionSchema,
      })
      void queryClient.invalidateQueries({ queryKey: ['cart'] })
      void queryClient.invalidateQueries({ queryKey: ['trial'] })
      void queryClient.invalidateQueries({ queryKey: ['user', 'subscription'] })
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey })
      return session
    },
    enabled: sessionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
}
