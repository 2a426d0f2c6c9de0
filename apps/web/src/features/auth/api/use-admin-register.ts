import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /auth/admin-register, multipart: fname, lname, email, phone, password, company, adminCode. */
export function useAdminRegister() {
  return useMutation({
    mutationFn: (body: FormData) =>
      apiRequest('/auth/admin-register', { method: 'POST', body, schema: MessageAnswerSchema, onUnauthorized: 'silent' }),
  })
}
