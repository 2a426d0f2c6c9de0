import { InvitationPreviewSchema } from '@keydesk/contracts/teams'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

/** POST /team-invitation/preview: what the link invites to (the token in the body, never in a URL the API logs). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['join-team', 'preview', token],
    queryFn: ({ signal }) =>
      apiRequest('/team-invitation/preview', {
        method: 'POST',
        body: { token },
        schema: InvitationPreviewSchema,
        signal,
        onUnauthorized: 'silent',
      }),
    enabled: token !== '',
    retry: false,
  })
}

/** POST /team-invitation/accept, multipart: token, fname, lname, phone, password, state, frontId, backId. */
export function useJoinTeam() {
  return useMutation({
    mutationFn: (body: FormData) =>
      apiRequest('/team-invitation/accept', { method: 'POST', body, schema: z.object({ message: z.string() }), onUnauthorized: 'silent' }),
  })
}

/** POST /team-invitation/join: the signed-in account of the invited address joins the team by its own act. */
export function useJoinWithAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/team-invitation/join', { method: 'POST', body: { token }, schema: z.object({ message: z.string() }) }),
    // The plan, the membership and the pages that follow it change with the joining.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
