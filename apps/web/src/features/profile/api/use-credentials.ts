import { CredentialsSchema } from '@keydesk/contracts/credentials'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { profileKeys } from './profile-keys.ts'

export function useCredentials(isEnabled = true) {
  return useQuery({
    queryKey: profileKeys.credentials(),
    queryFn: ({ signal }) => apiRequest('/user/credentials', { schema: CredentialsSchema, signal }),
    enabled: isEnabled,
  })
}

/** PUT /user/credentials (multipart); the answer is the updated list of documents. */
export function useUploadCredentials() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: FormData) => apiRequest('/user/credentials', { method: 'PUT', body: form, schema: CredentialsSchema }),
    onSuccess: (credentials) => {
      queryClient.setQueryData(profileKeys.credentials(), credentials)
      return queryClient.invalidateQueries({ queryKey: profileKeys.notices() })
    },
  })
}
