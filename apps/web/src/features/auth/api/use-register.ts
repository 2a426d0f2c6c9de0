import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /auth/register, multipart: fname, lname, email, phone, password, state, frontId, backId, businessDocument, coi. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: FormData) =>
      apiRequest('/auth/register', { method: 'POST', body, schema: MessageAnswerSchema, onUnauthorized: 'silent' }),
  })
}
