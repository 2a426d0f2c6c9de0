import { InvitationPreviewSchema } from '@keydesk/contracts/teams'
import { useMutation, useQuery } from '@tanstack/react-query'
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
