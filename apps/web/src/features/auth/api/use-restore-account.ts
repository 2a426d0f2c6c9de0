import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /auth/restore-account with the token of the link mailed at closing (docs/decisions/035). */
export function useRestoreAccount() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/auth/restore-account', { method: 'POST', body: { token }, schema: MessageAnswerSchema, onUnauthorized: 'silent' }),
  })
}
