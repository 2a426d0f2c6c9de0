import { LoginAnswerSchema } from '@keydesk/contracts/auth'
import { WebAuthnOptionsSchema } from '@keydesk/contracts/passkeys'
import { startAuthentication } from '@simplewebauthn/browser'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { asRequestOptions } from '../../../lib/webauthn-options.ts'
import { setSessionUser } from '../../session/session-query.ts'

/**
 * Signs in with a passkey (docs/product.md, 'Fingerprint sign-in (passkeys)'): the server's options, the device's
 * prompt, the server's check. `autofill` waits instead for the member to pick a passkey the browser offers in the
 * e-mail field (conditional UI); a button's ceremony cancels a waiting one.
 */
export function usePasskeyLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ autofill }: { autofill: boolean }) => {
      const options = await apiRequest('/auth/passkey/options', { method: 'POST', schema: WebAuthnOptionsSchema, onUnauthorized: 'silent' })
      const response = await startAuthentication({ optionsJSON: asRequestOptions(options), useBrowserAutofill: autofill })
      const answer = await apiRequest('/auth/passkey/login', {
        method: 'POST',
        body: { response },
        schema: LoginAnswerSchema,
        onUnauthorized: 'silent',
      })
      return answer.user
    },
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}
