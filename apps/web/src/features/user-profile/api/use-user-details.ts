import { UserDetailsAnswerSchema } from '@keydesk/contracts/accounts-api'
import { useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

/** GET /auth/getUserProfile/{id} answers the user's fields at the top level, with links to the ID and insurance images. */
export type { UserDetails } from '@keydesk/contracts/accounts-api'

/** Every query key of the user profile page, from one place. */
export const userProfileKeys = {
  details: (id: string) => ['user-profile', id] as const,
}

export function useUserDetails(id: string) {
  return useQuery({
    queryKey: userProfileKeys.details(id),
    queryFn: ({ signal }) => apiRequest(`/auth/getUserProfile/${encodeURIComponent(id)}`, { schema: UserDetailsAnswerSchema, signal }),
    retry: false,
  })
}

/** PUT /auth/updateProfile (multipart: fname, lname, phone, state, frontId, backId, insurance); only the status is used. */
export function useUpdateUserDetails() {
  return useMutation({
    mutationFn: (form: FormData) => apiRequest('/auth/updateProfile', { method: 'PUT', body: form, schema: z.unknown() }),
  })
}

/** PUT /keycode-user/delete; only the status is used. A super admin's carries the current password (decision 025). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (currentPassword?: string) =>
      apiRequest('/keycode-user/delete', {
        method: 'PUT',
        ...(currentPassword === undefined ? {} : { body: { currentPassword } }),
        schema: z.unknown(),
      }),
  })
}
