/**
 * Every query key of the cart, from one place: anything that changes the cart invalidates `cartKeys.all`. It sits
 * below the features because membership, ordering and payments change the cart too.
 */
export const cartKeys = {
  all: ['cart'] as const,
  /** The cart's items as read from `path` (a member's or a guest's cart). */
  items: (path: string | null) => ['cart', path] as const,
}
