import { CartItemsAnswerSchema } from '@keydesk/contracts/cart'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client.ts'
import { cartKeys } from '../../../lib/cart-keys.ts'

/** docs/product.md, 'The API contract': GET /cart/items when signed in, GET /cart/items/public?guestUserId= for a guest. */
export function useCartItems(owner: { signedIn: true } | { guestUserId: string } | null) {
  const path =
    owner === null ? null : 'signedIn' in owner ? '/cart/items' : `/cart/items/public?guestUserId=${encodeURIComponent(owner.guestUserId)}`
  return useQuery({
    queryKey: cartKeys.items(path),
    queryFn: ({ signal }) => apiRequest(path ?? '', { schema: CartItemsAnswerSchema, signal }),
    enabled: path !== null,
  })
}

export function useRemoveCartItem(guestUserId: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (itemId: string) =>
      apiRequest(`/cart/remove/${encodeURIComponent(itemId)}${guestUserId ? `?guestUserId=${encodeURIComponent(guestUserId)}` : ''}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  })
}
