import { MessageAnswerSchema } from '@keydesk/contracts/common'
import {
  type OwnerProof,
  SecuritySchema,
  TwoFactorEnabledAnswerSchema,
  TwoFactorSetupAnswerSchema,
  type UpdateSecurityBody,
} from '@keydesk/contracts/security'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { profileKeys } from './profile-keys.ts'

export function useSecurity() {
  return useQuery({
    queryKey: profileKeys.security(),
    queryFn: ({ signal }) => apiRequest('/user/security', { schema: SecuritySchema, signal }),
  })
}

export function useUpdateSecurity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateSecurityBody) => apiRequest('/user/security', { method: 'PUT', body, schema: SecuritySchema }),
    onSuccess: (security) => queryClient.setQueryData(profileKeys.security(), security),
  })
}

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (proof: OwnerProof) =>
      apiRequest('/user/security/two-factor/setup', { method: 'POST', body: proof, schema: TwoFactorSetupAnswerSchema }),
  })
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/user/security/two-factor/enable', { method: 'POST', body: { code }, schema: TwoFactorEnabledAnswerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.security() }),
  })
}

/** POST /user/security/enrolment-code: mails the code an admin's first sign-in factor needs (decision 025). */
export function useSendEnrolmentCode() {
  return useMutation({
    mutationFn: (currentPassword: string) =>
      apiRequest('/user/security/enrolment-code', { method: 'POST', body: { currentPassword }, schema: MessageAnswerSchema }),
  })
}
