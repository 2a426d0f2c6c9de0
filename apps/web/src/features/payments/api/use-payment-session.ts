import { PaymentSessionSchema } from '@keydesk/contracts/payments'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { cartKeys } from '../../../lib/cart-keys.ts'
import { membershipKeys } from '../../membership/api/membership-keys.ts'
import { sessionQueryKey } from '../../session/session-query.ts'

/** Every query key of payments, from one place. */
export const paymentKeys = {
  session: (sessionId: string | null) => ['payment-session', sessionId] as const,
}

/**
 * docs/product.md, 'The API contract' POST /api/payments/process-payment-success with the session id from the return address (sent as
 * paymentIntentId). The server fulfils a payment once, so asking again is safe; the cart emptied and a plan
 * bought changes the member's tier, so those are fetched again.
 */
export function usePaymentSession(sessionId: string | null) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: paymentKeys.session(sessionId),
    queryFn: async () => {
      const session = await apiRequest('/api/payments/process-payment-success', {
        method: 'POST',
        body: { paymentIntentId: sessionId },
        schema: PaymentSessionSchema,
      })
      void queryClient.invalidateQueries({ queryKey: cartKeys.all })
      void queryClient.invalidateQueries({ queryKey: membershipKeys.all })
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey })
      return session
    },
    enabled: sessionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
}
