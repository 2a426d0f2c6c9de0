import { useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

/** The part of spec 3 "User" the Update Profile page shows; other fields of the answer are ignored. */
const UserDetailsSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string().nullish(),
  state: z.string().nullish(),
  frontIdImage: z.string().nullish(),
  backIdImage: z.string().nullish(),
  insuranceImage: z.string().nullish(),
})
export type UserDetails = z.infer<typeof UserDetailsSchema>

/** GET /auth/getUserProfile/{id} answers the user details, bare or inside `user`. */
const UserDetailsAnswerSchema = z.union([z.object({ user: UserDetailsSchema }).transform((answer) => answer.user), UserDetailsSchema])

export const userDetailsKey = (id: string) => ['user-profile', id] as const

export function useUserDetails(id: string) {
  return useQuery({
    queryKey: userDetailsKey(id),
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

/** PUT /keycode-user/delete; only the status is used. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: () => apiRequest('/keycode-user/delete', { method: 'PUT', schema: z.unknown() }) })
}
