import { LoginAnswerSchema } from '@keydesk/contracts/auth'
import type { LoginForm } from '@keydesk/contracts/auth-forms'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { setSessionUser } from '../../session/session-query.ts'

/** POST /auth/login, form-urlencoded (spec 7.1); the answer's user becomes the session at once. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (form: LoginForm) => {
      const answer = await apiRequest('/auth/login', {
        method: 'POST',
        body: new URLSearchParams({ email: form.email, password: form.password }),
        schema: LoginAnswerSchema,
        onUnauthorized: 'silent',
      })
      return answer.user
    },
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}
