import { LoginAnswerSchema } from '@keydesk/contracts/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError, apiRequest } from '../../../lib/api-client.ts'
import { setSessionUser } from '../../session/session-query.ts'
import type { Credentials } from '../components/credentials-form.tsx'

/** POST /auth/login, form-urlencoded (docs/product.md, 'Accounts and sessions'); the answer's user becomes the session at once. */
export function useLogin() {
  const queryClient = useQueryClient()
  // Once the server asks for a second factor, the code field stays until the page is left.
  const [needsCode, setNeedsCode] = useState(false)
  const mutation = useMutation({
    mutationFn: async (form: Credentials) => {
      const answer = await apiRequest('/auth/login', {
        method: 'POST',
        body: new URLSearchParams({ email: form.email, password: form.password, ...(form.code ? { code: form.code } : {}) }),
        schema: LoginAnswerSchema,
        onUnauthorized: 'silent',
      })
      return answer.user
    },
    onSuccess: (user) => setSessionUser(queryClient, user),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') setNeedsCode(true)
    },
  })
  // The server asking for the code is a step of signing in, not a failure: the pages show it as a prompt.
  const isCodeStep = mutation.error instanceof ApiError && mutation.error.code === 'TWO_FACTOR_REQUIRED'
  return Object.assign(mutation, { needsCode, isCodeStep })
}
