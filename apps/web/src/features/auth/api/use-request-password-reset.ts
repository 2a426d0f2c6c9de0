import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /auth/reset-password, JSON email; the answer is the same whether or not the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/auth/reset-password', { method: 'POST', body: { email }, schema: MessageAnswerSchema, onUnauthorized: 'silent' }),
  })
}
