import { AdminCodeValidateAnswerSchema } from '@keydesk/contracts/accounts-api'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /admin-registration-code/validate, JSON email and code; only `valid` decides what the page says. */
export function useValidateAdminCode() {
  return useMutation({
    mutationFn: async (body: { email: string; code: string }) => {
      const answer = await apiRequest('/admin-registration-code/validate', {
        method: 'POST',
        body,
        schema: AdminCodeValidateAnswerSchema,
        onUnauthorized: 'silent',
      })
      return answer.valid
    },
  })
}
