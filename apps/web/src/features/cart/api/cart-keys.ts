/** Every query key of the cart, from one place: anything that changes the cart invalidates `cartKeys.all`. */
export const cartKeys = {
  all: ['cart'] as const,
  /** The cart's items as read from `path` (a member's or a guest's cart). */
  items: (path: string | null) => ['cart', path] as const,
}
