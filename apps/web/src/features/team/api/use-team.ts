import { MessageAnswerSchema } from '@keydesk/contracts/common'
import {
  type InvitationBody,
  type LocationBody,
  type PersonChangeBody,
  TeamAnswerSchema,
  TeamInvitationSchema,
  TeamLocationSchema,
  TeamMembershipSchema,
  TeamOrdersAnswerSchema,
  type TeamOrdersQuery,
} from '@keydesk/contracts/teams'
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'

export const teamKeys = {
  all: ['member', 'team'] as const,
  team: ['member', 'team', 'view'] as const,
  membership: ['member', 'team', 'membership'] as const,
  orders: (filter: OrderFilter) => ['member', 'team', 'orders', filter] as const,
  /** Every filter's list of the business's orders, read again when one of them changes status. */
  everyOrderList: ['member', 'team', 'orders'] as const,
}

export type OrderFilter = Pick<TeamOrdersQuery, 'locationId' | 'personId' | 'status' | 'month'>

/** GET /team/membership: the business the member works for, or null off any team; asked only of a signed-in member. */
export function useMembership(isEnabled = true) {
  return useQuery({
    queryKey: teamKeys.membership,
    queryFn: ({ signal }) => apiRequest('/team/membership', { schema: TeamMembershipSchema, signal }),
    enabled: isEnabled,
  })
}

/** GET /team: the owner's or a manager's view of the team; only asked for once the membership says they manage one. */
export function useTeam(isEnabled: boolean) {
  return useQuery({
    queryKey: teamKeys.team,
    queryFn: ({ signal }) => apiRequest('/team', { schema: TeamAnswerSchema, signal }),
    enabled: isEnabled,
  })
}

/** GET /team/orders, a page after another (each page starts after the last one's `nextBefore`). */
export function useBusinessOrders(filter: OrderFilter) {
  return useInfiniteQuery({
    queryKey: teamKeys.orders(filter),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams()
      for (const [name, value] of Object.entries(filter)) if (value) query.set(name, String(value))
      if (pageParam) query.set('before', pageParam)
      return apiRequest(`/team/orders?${query}`, { schema: TeamOrdersAnswerSchema, signal })
    },
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
  })
}

/** A team change: the team and the membership read again after it. */
function useTeamChange<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) })
}

export const useCreateLocation = () =>
  useTeamChange((body: LocationBody) => apiRequest('/team/locations', { method: 'POST', body, schema: TeamLocationSchema }))

export const useRemoveLocation = () =>
  useTeamChange((id: string) => apiRequest(`/team/locations/${id}`, { method: 'DELETE', schema: MessageAnswerSchema }))

export const useInvite = () =>
  useTeamChange((body: InvitationBody) =>
    apiRequest('/team/invitations', {
      method: 'POST',
      body,
      schema: z.object({ message: z.string(), invitation: TeamInvitationSchema }),
    }),
  )

export const useWithdrawInvitation = () =>
  useTeamChange((id: string) => apiRequest(`/team/invitations/${id}`, { method: 'DELETE', schema: MessageAnswerSchema }))

export const useChangePerson = () =>
  useTeamChange(({ id, body }: { id: string; body: PersonChangeBody }) =>
    apiRequest(`/team/people/${id}`, { method: 'PATCH', body, schema: MessageAnswerSchema }),
  )

export const useRemovePerson = () =>
  useTeamChange((id: string) => apiRequest(`/team/people/${id}`, { method: 'DELETE', schema: MessageAnswerSchema }))
