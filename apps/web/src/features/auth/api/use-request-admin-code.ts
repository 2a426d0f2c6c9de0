import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /admin-registration-code/request, JSON email, firstName, lastName (docs/product.md, 'Accounts and sessions'). */
export function useRequestAdminCode() {
  return useMutation({
    mutationFn: (body: { email: string; firstName: string; lastName: string }) =>
      apiRequest('/admin-registration-code/request', { method: 'POST', body, schema: MessageAnswerSchema, onUnauthorized: 'silent' }),
  })
}
