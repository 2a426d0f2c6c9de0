import { MessageAnswerSchema } from '@keydesk/contracts/common'
import { PasskeySchema, PasskeysSchema, WebAuthnOptionsSchema } from '@keydesk/contracts/passkeys'
import type { OwnerProof } from '@keydesk/contracts/security'
import { startRegistration } from '@simplewebauthn/browser'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { asCreationOptions } from '../../../lib/webauthn-options.ts'
import { profileKeys } from './profile-keys.ts'

/** The account's passkeys (docs/product.md, 'Fingerprint sign-in (passkeys)'). */
export function usePasskeys() {
  return useQuery({
    queryKey: profileKeys.passkeys(),
    queryFn: ({ signal }) => apiRequest('/user/security/passkeys', { schema: PasskeysSchema, signal }),
  })
}

/** Fingerprint sign-in follows the passkeys: the settings are read again after each change. */
function useRefreshPasskeys() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.passkeys() }),
      queryClient.invalidateQueries({ queryKey: profileKeys.security() }),
    ])
}

/** The server's registration options, once it accepted the owner's proof. */
export function usePasskeyOptions() {
  return useMutation({
    mutationFn: (proof: OwnerProof) =>
      apiRequest('/user/security/passkeys/options', { method: 'POST', body: proof, schema: WebAuthnOptionsSchema }),
  })
}

/** The device's own prompt with those options, then the server's check; the passkey is stored under `name`. */
export function useCreatePasskey() {
  const refresh = useRefreshPasskeys()
  return useMutation({
    mutationFn: async ({ options, name }: { options: { challenge: string }; name: string }) => {
      const response = await startRegistration({ optionsJSON: asCreationOptions(options) })
      return apiRequest('/user/security/passkeys', { method: 'POST', body: { name, response }, schema: PasskeySchema })
    },
    onSuccess: refresh,
  })
}

export function useRenamePasskey() {
  const refresh = useRefreshPasskeys()
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest(`/user/security/passkeys/${id}`, { method: 'PATCH', body: { name }, schema: PasskeySchema }),
    onSuccess: refresh,
  })
}

export function useRemovePasskey() {
  const refresh = useRefreshPasskeys()
  return useMutation({
    mutationFn: ({ id, proof }: { id: string; proof: OwnerProof }) =>
      apiRequest(`/user/security/passkeys/${id}`, { method: 'DELETE', body: proof, schema: MessageAnswerSchema }),
    onSuccess: refresh,
  })
}
