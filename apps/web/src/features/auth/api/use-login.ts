import { LoginAnswerSchema } from '@keydesk/contracts/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { setSessionUser } from '../../session/session-query.ts'
import type { Credentials } from '../components/credentials-form.tsx'

/** POST /auth/login, form-urlencoded (spec 7.1); the answer's user becomes the session at once. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (form: Credentials) => {
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
