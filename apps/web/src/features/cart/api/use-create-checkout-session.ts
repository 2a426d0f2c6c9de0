import { CreateCheckoutSessionAnswerSchema, type CreateCheckoutSessionBody } from '@keydesk/contracts/payments'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** The url may be missing from a faulty answer; the dialog then says 'No checkout URL received' (spec 8). */
const CheckoutAnswerSchema = CreateCheckoutSessionAnswerSchema.partial({ url: true })

/** Spec 7.4 POST /api/payments/create-checkout-session (the spec's path, under the client's /api base). */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (body: CreateCheckoutSessionBody) =>
      apiRequest('/api/payments/create-checkout-session', { method: 'POST', body, schema: CheckoutAnswerSchema }),
  })
}
