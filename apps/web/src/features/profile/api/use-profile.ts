import { ProfileSchema } from '@keydesk/contracts/profile'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'
import { profileKeys } from './profile-keys.ts'

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.profile(),
    queryFn: ({ signal }) => apiRequest('/user/profile', { schema: ProfileSchema, signal }),
  })
}

/** PUT /user/profile (multipart); the answer is the saved profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: FormData) => apiRequest('/user/profile', { method: 'PUT', body: form, schema: ProfileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.profile(), profile),
  })
}
