import { OrderLinkViewSchema } from '@keydesk/contracts/order-link'
import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client.ts'

/** Every query key of the order link page, from one place. */
export const orderLinkKeys = {
  order: (token: string | null) => ['order-link', token] as const,
}

/**
 * POST /api/order-link (decision 013): the order behind the token of a keycode mail's link. The token travels
 * in the body, never in a URL the server logs; a guest has no session, so a 401 must not send them to sign in.
 */
export function useOrderLink(token: string | null) {
  return useQuery({
    queryKey: orderLinkKeys.order(token),
    queryFn: ({ signal }) =>
      apiRequest('/order-link', { method: 'POST', body: { token }, schema: OrderLinkViewSchema, signal, onUnauthorized: 'silent' }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })
}
