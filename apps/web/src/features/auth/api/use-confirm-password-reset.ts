import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /auth/reset-password/confirm, JSON token and newPassword; only the status is used (docs/product.md, 'Accounts and sessions'). */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      apiRequest('/auth/reset-password/confirm', { method: 'POST', body, schema: MessageAnswerSchema, onUnauthorized: 'silent' }),
  })
}
