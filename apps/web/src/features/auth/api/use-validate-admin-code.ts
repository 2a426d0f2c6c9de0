import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

/** Spec 7.1 "answer used: valid, message"; only `valid` decides what the page says. */
const ValidateAnswerSchema = z.object({ valid: z.boolean() })

/** POST /admin-registration-code/validate, JSON email and code. */
export function useValidateAdminCode() {
  return useMutation({
    mutationFn: async (body: { email: string; code: string }) => {
      const answer = await apiRequest('/admin-registration-code/validate', {
        method: 'POST',
        body,
        schema: ValidateAnswerSchema,
        onUnauthorized: 'silent',
      })
      return answer.valid
    },
  })
}
