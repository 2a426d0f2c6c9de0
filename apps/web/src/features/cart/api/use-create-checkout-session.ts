import { CreateCheckoutSessionAnswerSchema, type CreateCheckoutSessionBody } from '@keydesk/contracts/payments'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** The url may be missing from a faulty answer; the dialog then says 'No checkout URL received' (docs/product.md, 'Plans, trial, the premium rule and turnaround promises'). */
const CheckoutAnswerSchema = CreateCheckoutSessionAnswerSchema.partial({ url: true })

/** docs/product.md, 'The API contract' POST /api/payments/create-checkout-session (the documented path, under the client's /api base). */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (body: CreateCheckoutSessionBody) =>
      apiRequest('/api/payments/create-checkout-session', { method: 'POST', body, schema: CheckoutAnswerSchema }),
  })
}
